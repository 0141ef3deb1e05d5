// Patch 0704-declare-p-arrays: declare -p prints arrays as GNU bash does. An associative array is
// declare -A m=([k]="v" ), each value quoted as an indexed array's element ($'...' for control characters), a key
// double-quoted only when it has a shell metacharacter (["k k"]="v" ), a space before the closing paren; just-bash
// printed (['k']=v). An array's other attributes follow its -a/-A: declare -ar, -Ax, -Ar (just-bash dropped them).
// Scalars, indexed arrays and several names in one declare -p were already right and are checked here too.
// Patch 0712-declare-p-unset-array: an array only declared (declare -a arr, local -A m) prints with no value, as in
// bash (declare -a arr); one assigned empty keeps =().
// (The order of several keys is patch 0711's, tested in interpreter.assoc-order.test.ts; declare -ai keeps no
// integer attribute on the array in just-bash.)
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "an associative array": `declare -A map=([k]=v); declare -p map`,
  "the differential case": [
    "set -euo pipefail",
    "declare -a arr=(1 2 3)",
    "declare -A map=([k]=v)",
    `s="text"`,
    "declare -p arr map s",
  ].join("\n"),
  "a value with spaces, quotes and dollars": `declare -A m; m[k]='say "hi" $x \`y\` \\\\ it'"'"'s'; declare -p m`,
  "a value with a tab or a newline": `declare -A m; m[k]=$'v\\tw'; declare -p m; declare -A n; n[k]=$'a\\nb'; declare -p n`,
  "keys that need quotes": [
    `for k in "k k" '$x' 'a\\b' '"q' "'" '~x' '#h' '@' '^' '*' 'a[1]'; do`,
    `  declare -A one=(); one["$k"]=1; declare -p one; unset one`,
    "done",
  ].join("\n"),
  "keys that do not": [
    "for k in 'a=b' x~ h# % + , . - / : 1 é under_score; do",
    `  declare -A one=(); one["$k"]=v; declare -p one; unset one`,
    "done",
  ].join("\n"),
  "an empty associative array": `declare -A em=(); declare -p em`,
  "arrays declared without a value": [
    "declare -a arr; declare -p arr; declare -A map; declare -p map",
    "arr=(); declare -p arr; map=(); declare -p map; declare -a b=(); declare -p b",
    "f() { local -a la; local -A lm; declare -p la lm; la+=(x); declare -p la; }; f",
    "declare -a z; z[0]=1; unset 'z[0]'; declare -p z; declare -ra ro; declare -p ro",
  ].join("\n"),
  "attributes of arrays": [
    "declare -ra ro=(1 2); declare -p ro",
    "declare -Ax ex=([k]=v); declare -p ex",
    "declare -rA rm=([k]=1); declare -p rm",
    "declare -xa xa=(1); declare -p xa",
  ].join("\n"),
  "scalars and their attributes": [
    `x=hello; declare -p x; y="it's \\"q\\" $ \\\\ \\\`"; declare -p y; e=; declare -p e; n=$'a\\nb'; declare -p n`,
    "declare -i i=5; declare -p i; declare -r r=1; declare -p r; export X=1; declare -p X",
    "declare -ix ix=3; declare -p ix; declare -l lo=ABC; declare -p lo; declare -u up=abc; declare -p up",
  ].join("\n"),
  "indexed arrays": `a=(1 'b c' "d'e" $'t\\tu'); declare -p a; b=(); declare -p b; c[3]=x; declare -p c`,
  "several names and a missing one": `x=1; a=(p q); declare -A m=([k]=v); declare -p x a m; declare -p nosuch; echo "st $?"`,
  "declare -p inside a function": `f() { local -A l=([k]="a b"); local s=1; declare -p l s; }; f`,
  "listing with declare -A and declare -p": `declare -A m=([k]=v); declare -rA rm=([j]=1); declare -A | grep -E ' (m|rm)='; declare -p | grep -E '^declare -A[a-z]* (m|rm)='`,
  "a round trip through eval": `declare -A m; m[k]='a  b c'; s=$(declare -p m); unset m; eval "$s"; echo "\${m[k]}"`,
};

describe.each(MODES)("declare -p prints arrays as bash does (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
