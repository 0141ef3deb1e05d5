// Patches 0560-nounset-arith-declared-array and 0562 (below). 0560: under set -u, arithmetic on an element of an array that was only declared
// (`declare -A m` / `declare -a a`, no value yet) or does not exist ends the script as in GNU bash ("m: unbound
// variable"), also for `(( m[k]++ ))`, `(( m[k] += 1 ))` and `(( y += 1 ))`; just-bash read 0 and went on. An array
// that has been assigned (`declare -A m=()`, `a=()`, or any element, even if later unset) reads a missing element as 0.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const ENDS = [
  `set -euo pipefail\ndeclare -A counts\nfor s in a b a; do\n  counts[$s]=$((counts[$s] + 1))\ndone\necho "a=\${counts[a]}"`,
  `set -u\ndeclare -A m\necho $(( m[k] + 1 ))\necho after`,
  `set -u\ndeclare -A m\nk=z\necho $(( m[$k] + 1 )); echo after`,
  `set -u\ndeclare -A seen\nfor w in x y x; do (( seen[$w]++ )); done\necho "\${seen[x]}"`,
  `set -u\ndeclare -A total\n(( total[all] += 5 ))\necho "\${total[all]}"`,
  `set -u\ndeclare -a a\necho $(( a[0] + 1 )); echo after`,
  `set -u\n(( y += 1 ))\necho "y=$y"`,
  `set -u\nz=$(( q += 1 ))\necho "z=$z"`,
  `set -u\ndeclare -A m\nf() { echo $(( m[x] + 1 )); }\nf\necho after`,
  `set -u\ndeclare -A m\n( echo $(( m[x] + 1 )) )\necho "subshell: $?"`,
];

const GOES_ON = [
  `set -euo pipefail\ndeclare -A counts=()\nfor s in a b a; do\n  counts[$s]=$((counts[$s] + 1))\ndone\necho "a=\${counts[a]} b=\${counts[b]}"`,
  `set -u\ndeclare -A m=([a]=1)\necho $(( m[b] + 1 )) $(( m[a] + 1 ))`,
  `set -u\ndeclare -A m\nm[a]=1\nunset 'm[a]'\necho $(( m[b] + 1 ))`,
  `set -u\ndeclare -A m\nm=()\n(( m[k] += 2 ))\necho "\${m[k]}"`,
  `set -u\na=()\n(( a[2] += 1 ))\necho "\${a[2]} $(( a[5] + 1 ))"`,
  `set -u\ndeclare -a a\na+=(1)\necho $(( a[3] + 1 ))`,
  `set -u\ndeclare -A m\n(( m[k] = 1 ))\necho "\${m[k]} $(( m[j] + 1 ))"`,
  `set -u\ndeclare -A m\nfor k in x y x; do m[$k]=$(( \${m[$k]:-0} + 1 )); done\necho "\${m[x]} \${m[y]}"`,
  `declare -A m\necho $(( m[b] + 1 ))\n(( n += 2 )); echo "$n"`,
];

describe.each(MODES)("set -u and arithmetic on unset arrays (%s)", (mode) => {
  it.each(ENDS)("ends the script as GNU bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
  it.each(GOES_ON)("reads a missing element of an assigned array as 0: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

// Patch 0562-nounset-declared-array-length: ${#arr[@]} of an array that was only declared (`declare -a arr`,
// `local -a res`, `declare -A m`) is an unbound-variable error under set -u (status 1), as in bash; just-bash printed
// 0. Under set -e that ends the script in both shells; without -e bash goes on with the next top-level command,
// which patch 0112's error does not do yet, so these scripts use set -e.
const LENGTH = [
  `set -euo pipefail\ndeclare -a results\nfor id in 1 2; do [ "$id" -gt 5 ] && results+=("$id"); done || true\necho "\${#results[@]} found"`,
  `set -eu\nf() { local -a res; echo "\${#res[@]}"; }\nf\necho not-reached`,
  `set -eu\nres=(1)\nf() { local -a res; echo "\${#res[@]}"; }\nf`,
  `set -eu\ndeclare -A m\necho "\${#m[@]}"`,
  `set -eu\ndeclare -a arr=()\ndeclare -a more\nmore+=(x)\necho "\${#arr[@]} \${#more[@]}"`,
  `set -eu\nf() { local -a res; local x; for x in 1 2; do res+=("$x"); done; echo "\${#res[@]} \${res[*]}"; }\nf`,
  `set -eu\ndeclare -a arr\nread -ra arr <<< "a b"\ndeclare -a rows\nreadarray -t rows <<< "x"\necho "\${#arr[@]} \${#rows[@]}"`,
];

describe.each(MODES)("set -u and the length of a declared-only array (%s)", (mode) => {
  it.each(LENGTH)("as GNU bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
