// Patches 0210-arith-braced-param-expansion and 0211-arith-assoc-subscript-text (issue 13, item 4): inside
// arithmetic, `${m[$k]:-0}` is a real parameter expansion (just-bash looked up a variable named "m[$k]", so every
// counter read its default), and an associative array's subscript is its text (`m[x-y]`, `m[a.b]`, `m[$k]` with
// k="foo bar" after $(( )) expands it), not an arithmetic value.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  // counting into an associative array, the way models write it
  'declare -A m; for k in a b a c a; do m[$k]=$(( ${m[$k]:-0} + 1 )); done; for k in a b c; do echo "$k=${m[$k]}"; done',
  `set -euo pipefail
declare -A count=()
while read -r w; do count[$w]=$(( \${count[$w]:-0} + 1 )); done <<< "$(printf 'x\\ny\\nx\\nz\\nx\\n')"
for k in $(printf '%s\\n' "\${!count[@]}" | sort); do echo "$k \${count[$k]}"; done`,
  `set -euo pipefail
declare -A total
while IFS=, read -r team points; do
  total[$team]=$(( \${total[$team]:-0} + points ))
done <<< $'red,3\\nblue,5\\nred,4\\nblue,1\\ngreen,2'
for t in blue green red; do printf '%-6s %3d\\n' "$t" "\${total[$t]}"; done`,
  // keys with spaces, dashes and dots
  'declare -A m; for k in "foo bar" "x-y" "a.b" "foo bar"; do m[$k]=$(( ${m[$k]:-0} + 1 )); done; for k in "foo bar" "x-y" "a.b"; do echo "$k=${m[$k]}"; done',
  'declare -A m; for k in "x-y" "a.b" "x-y"; do (( m[$k] += 2 )); done; k=x-y; echo $(( m[$k] * 3 )) "${m[x-y]} ${m[a.b]}"',
  'declare -A m=([a.b]=1 [x-y]=2); k=a.b; j=x-y; echo $(( m[$k] + m[$j] )); (( m[$k]++ )); let "m[$j]+=10"; echo "${m[a.b]} ${m[x-y]}"',
  'declare -A m; k="foo bar"; m[$k]=3; echo $(( m[$k] * 2 )); (( m[$k] *= 5 )); echo "${m[$k]}"; echo $(( m[$k]++ )) "${m[$k]}"',
  // an associative subscript is text, not arithmetic
  'declare -A m; (( m[1+1]=5 )); k=x; (( m[$k-1]+=2 )); echo $(( m[1+1] )); for key in "1+1" "x-1"; do echo "[$key]=${m[$key]}"; done',
  // every ${...} form a model writes in $(( ))
  "declare -A m; k=a; m[$k]=5; echo $(( ${m[$k]:-0} )) $(( ${m[$k]-9} )) $(( ${m[$k]:+7} )) $(( ${#m[$k]} )) $(( ${m[z]:-3} ))",
  "declare -A m=([a]=3 [b]=4); k=a; echo $(( ${m[$k]} + ${m[b]} * 2 ))",
  // indexed arrays with variable subscripts inside $(( ))
  'a=(10 20 30); i=1; echo $(( a[$i] + a[i] + ${a[$i]} + ${a[i]:-0} )); a[$i]=$(( ${a[$i]:-0} + 1 )); echo "${a[@]}"',
  'a=(5 6 7); n=${#a[@]}; sum=0; for (( i=0; i<n; i++ )); do sum=$(( sum + ${a[$i]} )); done; echo "$sum $(( ${a[n-1]} * 2 ))"',
];

describe.each(MODES)("associative arrays in arithmetic (%s)", (mode) => {
  it.each(SCRIPTS)("counts as bash does: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
