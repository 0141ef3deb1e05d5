// Patch 0711-assoc-bash-order: an associative array lists its keys in GNU bash's order ("${!m[@]}", "${m[@]}",
// declare -p, for loops): bash's hash table order (FNV-1 over the key's bytes, 1024 buckets growing 4x past two
// entries a bucket, the newest key first within a bucket). just-bash sorted the keys, so a counting loop such as
// for k in "${!counts[@]}"; do echo "$k ${counts[$k]}"; done printed its lines in another order than bash.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "a word count": [
    "set -euo pipefail",
    "declare -A c",
    "for w in the cat sat on the mat the end cat; do c[$w]=$(( ${c[$w]:-0} + 1 )); done",
    `for k in "\${!c[@]}"; do echo "$k \${c[$k]}"; done`,
    `echo "\${c[@]}"`,
  ].join("\n"),
  "a lookup table read from lines": [
    "declare -A users",
    `while read -r id name; do users[$id]=$name; done <<< $'u1 Ann\\nu22 Bob\\nu3 Cy\\nadmin Root'`,
    `for id in "\${!users[@]}"; do printf '%s=%s\\n' "$id" "\${users[$id]}"; done`,
    "declare -p users",
  ].join("\n"),
  "a literal, then unset and set again": [
    "declare -A m=([a]=1 [b]=2 [c]=3 [d]=4)",
    `unset "m[b]"; m[b]=5; m[a]=9`,
    `printf '%s\\n' "\${!m[@]}"`,
  ].join("\n"),
  "unicode keys, keys with spaces, digits": `declare -A m=([é]=1 ['k k']=2 [日本]=3 [A]=4 [_]=5 [9]=6); for k in "\${!m[@]}"; do echo "$k"; done; unset 'm[A]'; m[A]=7; echo "\${!m[*]}"`,
  "a local associative array and a copy of its keys": `f() { local -A l=([x]=1 [y]=2 [z]=3 [w]=4); local -a keys=("\${!l[@]}"); echo "\${keys[*]}"; }; f`,
  "many keys, past the table's growth": `declare -A m; for i in $(seq 1 2500); do m[key$i]=$i; done; echo "\${#m[@]}"; printf '%s\\n' "\${!m[@]}" | head -5; printf '%s\\n' "\${!m[@]}" | tail -3`,
  "grouping records by a field": [
    "set -euo pipefail",
    "declare -A by_team",
    `while IFS=, read -r name team; do by_team[$team]+="$name "; done <<< $'ann,ops\\nbob,dev\\ncy,ops\\ndee,sales\\neve,dev'`,
    `for t in "\${!by_team[@]}"; do echo "$t: \${by_team[$t]}"; done`,
  ].join("\n"),
};

describe.each(MODES)("associative arrays list their keys in bash's order (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
