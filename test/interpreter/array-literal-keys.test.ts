// Patch 0705-declare-keyed-quoted-values: declare/local with a keyed array literal keeps a quoted or expanded value
// whole, as GNU bash does: declare -A cfg=([host]="db 1" [opts]="-x -y") stored "db" and "-x" (just-bash handed the
// builtin the literal again with the quotes gone, and it cut each value at the first space), and a quoted key with a
// space ([ "k k" ]) lost its value the same way. Plain assignments (m=([k]="a b")) were already right.
// (Still different from bash, upstream parser bugs: \" and \$ inside such a value, $'\t' in it, [$((i+1))] keys.)
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "declare -A with quoted values": `declare -A m=([k]=v [j]='a b'); echo "\${m[j]}|\${m[k]}"; declare -A n=([x]="p q" [y]="r"); echo "\${n[x]}|\${n[y]}"`,
  "local -A in a function": [
    "set -euo pipefail",
    `connect() { local -A cfg=([host]="db 1" [port]=5432 [opts]="-x -y"); for k in host port opts; do echo "$k=\${cfg[$k]}"; done; }`,
    "connect",
  ].join("\n"),
  "values from variables": `v='a b'; k='x y'; declare -A m=([$k]=$v ["$k 2"]="$v" [q]="it's" [d]='say "hi"' [b]='a\\b' [e]=''); for key in "x y" "x y 2" q d b e; do printf '[%s]=<%s>\\n' "$key" "\${m[$key]}"; done; echo "\${#m[@]}"`,
  "a quoted key with a space": `declare -A m=(["k k"]="v v"); echo "\${m[k k]}"; declare -A c=([red]='#f00' [green]='#0f0'); echo "\${c[red]} \${c[green]}"`,
  "declare -a with keyed values": `declare -a b=([0]='x y' [2]="p  q" [5]=w); declare -p b; i=3; declare -a c=([i]="p q"); echo "\${c[3]}"`,
  "globs and braces stay as written": `declare -A e=([a]="{1,2}" [b]="*" [c]='?'); echo "\${e[a]} \${e[b]} \${e[c]}"`,
  "a settings table in strict mode": [
    "set -euo pipefail",
    `declare -A labels=([open]="Open issue" [closed]="Closed (done)" [wip]="In progress")`,
    `for s in open wip closed; do printf '%-6s %s\\n' "$s" "\${labels[$s]}"; done`,
  ].join("\n"),
};

describe.each(MODES)("keyed array literals keep quoted values whole (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
