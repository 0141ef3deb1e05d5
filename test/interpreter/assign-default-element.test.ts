// Patch 0603-assign-default-array-element: ${m[$k]:=v} (and ${m[$k]=v}) assigns to the associative array's key $k,
// as in bash; just-bash read the key as an arithmetic expression, so it stored the default under "0" (k=a: a is 0)
// and ${m[a]} stayed empty. Indexed arrays keep their arithmetic subscripts (${a[i+2]:=x}).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS = [
  'declare -A m; k=a; echo "${m[$k]:=4}"; echo "${m[a]}" "${#m[@]}"',
  'declare -A m; k=z; : "${m[$k]:=0}"; echo "${!m[@]}=${m[z]}"',
  'declare -A m=([a]=""); : "${m[a]:=v}"; echo "${m[a]}"; : "${m[a]=w}"; echo "${m[a]}"',
  'declare -A m; k="two words"; : ${m[$k]:=1}; : "${m["x y"]:=2}"; for k in "${!m[@]}"; do echo "$k=${m[$k]}"; done | sort',
  'a=(1 2); i=1; : "${a[i+2]:=x}" "${a[$i]:=no}"; echo "${a[@]}"; echo "${a[3]:=y}" "${#a[@]}"',
  'set -u; declare -A seen; for w in b a b c a; do : "${seen[$w]:=0}"; seen[$w]=$(( seen[$w] + 1 )); done; for w in a b c; do echo "$w ${seen[$w]}"; done',
  'set -euo pipefail\ndeclare -A total\nwhile read -r user amount; do\n  : "${total[$user]:=0}"\n  total[$user]=$(( total[$user] + amount ))\ndone <<< "ann 5\nbob 2\nann 3"\nfor u in ann bob; do echo "$u=${total[$u]}"; done',
  'declare -A cfg; key=retries; echo "retries: ${cfg[$key]:=3}, again: ${cfg[$key]:=9}"',
];

describe.each(MODES)("${m[$k]:=v} on an array element (%s)", (mode) => {
  it.each(SCRIPTS)("is what bash gives: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
