// Patch 0706-declare-array-literal-source: an array literal after declare/local/typeset/readonly keeps what its
// elements say. The parser turned each element back into text to parse it again and lost most of it: "$(cmd)"
// became empty (unquoted, the word "CommandSubstitution"), "${x:-d}" lost its operation, \" and \$ their
// backslash, so local -a arr=("$(get_ids)") was empty and declare -A m=([k]="$(cmd)") stored nothing. Each element
// is now handed on as its exact source.
// Patch 0707-declare-array-literal-fields: a plain element of such a literal is expanded like any other word, once,
// so an unquoted $(cmd) or $var gives one element per field, "${a[@]}" one per element, x{a,b} two, and an empty
// unquoted expansion none: local -a ids=($(get_ids)) held the whole output as one element.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "a command substitution in local -a": `f() { local -a arr=("$(echo a b)" "$(echo c)"); printf '[%s]' "\${arr[@]}"; echo; }; f`,
  "a command substitution as a keyed value": [
    "set -euo pipefail",
    `declare -A owner=([sales]="$(echo Alice Martin)" [ops]=$(echo Bob))`,
    `echo "\${owner[sales]}|\${owner[ops]}"`,
  ].join("\n"),
  "escaped quotes and dollars": `declare -a a=("x\\"y" "p\\$q" 'lit eral' ''); printf '[%s]' "\${a[@]}"; echo; declare -A m=([e]="a \\"b\\" \\$c"); echo "\${m[e]}"`,
  "parameter operations": `f() { local -a a=("\${u:-def}" "\${#PATH}" "\${PATH%%:*}"); printf '[%s]' "\${a[@]}"; echo; }; f`,
  "keyed indexed elements with substitutions": `declare -a g=("$(echo c d)" [5]="$(echo e)"); declare -p g; readonly R=("$(echo r s)"); declare -p R`,
  "an arithmetic key and value": `i=3; declare -a c=([$((i+1))]=rs [$i]=x [i+2]=$((i*2))); declare -p c`,
  "braces and globs as in bash": `declare -a b=({1..3} x{a,b} "*.nomatch" "a*"); printf '[%s]' "\${b[@]}"; echo`,
  "a config table in a function": [
    "set -euo pipefail",
    `load() { local -A cfg=([host]="$(echo db.local)" [port]="\${PORT:-5432}" [user]="$(printf '%s' "$USER_NAME")"); echo "\${cfg[user]}@\${cfg[host]}:\${cfg[port]}"; }`,
    "USER_NAME=svc load",
  ].join("\n"),
};

describe.each(MODES)("array literals after declare/local keep their expansions (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const FIELDS: Record<string, string> = {
  "an unquoted command substitution splits": `f() { local -a ids=($(printf '%s\\n' 3 1 2)); echo "\${#ids[@]}: \${ids[*]}"; }; f`,
  "a copy of an array": `src=(a 'b c' ''); f() { local -a copy=("\${src[@]}"); echo "\${#copy[@]}"; printf '[%s]' "\${copy[@]}"; echo; }; f`,
  "$* and $@ and an unquoted variable": `set -- p 'q r'; declare -a a=("$@" "$*" $@); declare -p a; v='x  y'; declare -a b=($v "$v"); declare -p b`,
  "an empty unquoted expansion gives no element": `e=; declare -a a=($e "$e" x); declare -p a; declare -a b=($(true)); echo "\${#b[@]}"`,
  "braces next to text": `declare -a b=(x{a,b} {1..2}y pre-{p,q}-post); declare -p b`,
  "keys of an associative array into a local array": [
    "set -euo pipefail",
    `declare -A seen=([a]=1)`,
    `f() { local -a keys=("\${!seen[@]}"); local -a vals=(\${seen[@]}); echo "\${#keys[@]} \${keys[0]} \${vals[0]}"; }`,
    "f",
  ].join("\n"),
  "a blank inside a subscript is part of the key": `declare -A temp=([London]=11.5 [São Paulo]=24); echo "\${temp[São Paulo]}"; declare -a a=([0]="x y" [1 + 1]=z); declare -p a`,
  "a substitution runs once": `n=0; f() { local -a a=($(echo x) "$((n+=1))"); echo "\${a[*]} n=$n"; }; f`,
  "a loop over ids from a command": [
    "set -euo pipefail",
    `get_ids() { printf '%s\\n' 10 20 30; }`,
    `main() { local -a ids=($(get_ids)); local total=0; for id in "\${ids[@]}"; do total=$((total + id)); done; echo "\${#ids[@]} ids, total $total"; }`,
    "main",
  ].join("\n"),
};

describe.each(MODES)("plain elements after declare/local split into fields (%s)", (mode) => {
  it.each(Object.entries(FIELDS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
