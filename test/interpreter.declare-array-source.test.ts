// Patch 0706-declare-array-literal-source: an array literal after declare/local/typeset/readonly keeps what its
// elements say. The parser turned each element back into text to parse it again and lost most of it: "$(cmd)"
// became empty (unquoted, the word "CommandSubstitution"), "${x:-d}" lost its operation, \" and \$ their
// backslash, so local -a arr=("$(get_ids)") was empty and declare -A m=([k]="$(cmd)") stored nothing. Each element
// is now handed on as its exact source. (Still different from bash: an unquoted $(...) or "${a[@]}" in such a
// literal is one element, not one per word.)
import { describe, expect, it } from "vitest";
import { againstBash } from "./bash-reference.js";
import { MODES } from "./helpers.js";

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
