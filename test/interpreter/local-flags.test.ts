// Patch 0570-local-declare-flags: `local -A`, `local -i`, `local -r`, `local -x` (any attribute besides -a/-n) make a
// function-local variable with that attribute, as `declare` does inside a function in GNU bash. just-bash's local
// ignored them: `local -A counts` made an indexed array, so counts[$word] put every word at index 0 (a=4 b=4 c=),
// and `local -i n=5; n+=2` gave 52.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  [
    "set -euo pipefail",
    "count_words() {",
    "  local -A counts=()",
    "  local w",
    '  for w in "$@"; do counts[$w]=$(( ${counts[$w]:-0} + 1 )); done',
    '  for w in a b c; do echo "$w=${counts[$w]}"; done',
    "}",
    "count_words a b a c a",
    'echo "outside: ${counts:-none}"',
  ].join("\n"),
  `f() { local -A m; m[x]=1; m[y]=2; echo "\${#m[@]} \${m[x]} \${m[y]}"; }\nf`,
  `declare -A m=([keep]=1)\nf() { local -A m=([in]=2); echo "\${!m[@]}"; }\nf\necho "\${!m[@]}"`,
  `f() { local -i n=5; n+=2; local -r r=1; local -x e=3; echo "$n $r $e"; }\nf\necho "[\${n:-}]"`,
  `f() { local -ia nums=(1 2); nums+=(3); echo "\${#nums[@]} \${nums[*]}"; }\nf`,
  `f() { local -A totals; totals[x]=$(( 2 + 3 )); local k; for k in "\${!totals[@]}"; do echo "$k=\${totals[$k]}"; done; }\nf`,
  `set -u\nf() { local -A seen; (( seen[x]++ )); }\nf\necho not-reached`,
  `f() { local -a arr=(1 2); local -n ref=arr; echo "\${ref[1]}"; }\nf`,
  `local -A x 2>/dev/null; echo "status $?"`,
];

describe.each(MODES)("local with attributes (%s)", (mode) => {
  it.each(SCRIPTS)("behaves as GNU bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
