// Patch 0560-nounset-arith-declared-array: under set -u, arithmetic on an element of an array that was only declared
// (`declare -A m` / `declare -a a`, no value yet) or does not exist ends the script as in GNU bash ("m: unbound
// variable"), also for `(( m[k]++ ))`, `(( m[k] += 1 ))` and `(( y += 1 ))`; just-bash read 0 and went on. An array
// that has been assigned (`declare -A m=()`, `a=()`, or any element, even if later unset) reads a missing element as 0.
import { describe, expect, it } from "vitest";
import { againstBash } from "./bash-reference.js";
import { MODES } from "./helpers.js";

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
