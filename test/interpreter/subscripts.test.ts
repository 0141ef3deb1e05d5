// Patch 0120-indexed-subscript-arith: an indexed array's subscript is an arithmetic expression, `$((...))` and
// `$(cmd)` in it included (just-bash re-expanded such a subscript as text, ran `$((i*2))` as a command in a fresh
// shell and read `${arr[]}`: "bad substitution").
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  'arr=(a b c d e); i=1; echo "${arr[$((i*2))]}"',
  "arr=(a b c d e); i=1; echo ${arr[$((i+1))]} ${arr[i+1]} ${arr[$i + 1]} ${arr[$i+1]} ${arr[i*2]}",
  'arr=(a b c); n=${#arr[@]}; echo "${arr[$((n-1))]}" "${arr[n-1]}" "${arr[-1]}"',
  'arr=(a b c); echo "${arr[$(( ${#arr[@]} - 1 ))]}" "${arr[$((${#arr[@]}-2))]}"',
  'arr=(a b c); for ((i=0; i<${#arr[@]}; i++)); do echo "$i=${arr[$i]} next=${arr[$((i+1))]:-none}"; done',
  'arr=(a b c d); i=1; echo "${#arr[$((i*2))]}" "${arr[$((i*2))]:-z}" "${arr[$((i*2))]^^}" "${arr[$((1))]//b/B}"',
  'pairs=(k1 v1 k2 v2)\nfor ((i=0; i<${#pairs[@]}/2; i++)); do\n  echo "${pairs[$((i*2))]}=${pairs[$((i*2+1))]}"\ndone',
  "grid=(1 2 3 4 5 6); w=3; for r in 0 1; do for c in 0 1 2; do printf '%s ' \"${grid[$((r*w+c))]}\"; done; echo; done",
  'f() { echo 2; }; arr=(a b c); echo "${arr[$(f)]}" "${arr[$(echo 1)]}"',
  'arr=(a b c); next() { echo $(( $1 + 1 )); }; echo "${arr[$(next 0)]}" "${arr[$(next 2)]:-none}"',
  'arr=(a b c); idx=(2 0); i=1; echo "${arr[${idx[0]}]}" "${arr[idx[1]]}" "${arr["$i"]}" "${arr[${i}]}"',
  'arr=(a b c); i=1; echo "${arr[`echo 2`]}" "${arr[ $((i)) ]}" "${arr[$(( i ))]}"',
  'set -u; arr=(a b); i=5; echo "${arr[$((i-4))]}"; echo "${arr[$((i))]}"; echo after',
  'declare -A m=([x]=1 [y]=2); k=x; echo "${m[$k]}" "${m[$(echo y)]}"',
];

describe.each(MODES)("indexed array subscripts (%s)", (mode) => {
  it.each(SCRIPTS)("are evaluated as bash evaluates them: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
