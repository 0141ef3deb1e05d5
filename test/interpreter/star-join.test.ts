// Patch 0701-star-join-ifs-in-assignment: "${a[*]}", "${*:n}" and "${a[*]:n:m}" join with IFS's first character
// wherever the word is not split, as in GNU bash: in an assignment (x="${a[*]}", local/declare/export x=...,
// x+=...), a here-string, a here-document, case and [[ ]]. just-bash joined them with a space there (echo "${a[*]}"
// already used IFS), so IFS=,; csv="${ids[*]}" gave "1 2 3" and IFS=$'\n' sorted=($(sort <<< "${a[*]}")) sorted
// one line.
// Patch 0710-array-pattern-ops-joined: there too, ${a[@]/x/y}, ${a[*]#p}, ${a[@]%s} and ${@%.txt} apply to each
// element before the join, as in bash; just-bash applied them to the joined string (s="${a[@]/x/y}" of (ax bx) gave
// "ay bx", flags="${files[@]/#/--file=}" prefixed only the first file).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "a csv from an array": `ids=(3 1 2); IFS=,; csv="\${ids[*]}"; unset IFS; echo "ids=$csv"`,
  "unquoted in an assignment": `a=(x y z); IFS=,; t=\${a[*]}; echo "$t"`,
  "$* and ${*} as before": `set -- 1 2; IFS=,; u="$*"; v="\${*}"; w=$*; echo "$u|$v|$w"`,
  "local and declare in a function": `a=(x y z); f() { local IFS=:; local s="\${a[*]}"; declare d="\${a[*]}"; echo "$s $d"; }; f`,
  "export, readonly and +=": `a=(x y); IFS=-; s+="\${a[*]}"; s+="\${a[*]}"; echo "$s"; export e="\${a[*]}"; readonly r="\${a[*]}"; echo "$e $r"`,
  "inside a longer word and an array element": `a=(x y); IFS=/; s="pre-\${a[*]}-post"; b=("\${a[*]}" q); echo "$s \${b[0]} \${#b[@]}"`,
  "IFS empty joins with nothing, unset with a space": `a=(x y); IFS=; s="\${a[*]}"; echo "[$s]"; unset IFS; s="\${a[*]}"; echo "[$s]"`,
  "the sort idiom": [
    "set -euo pipefail",
    "names=(carol alice bob)",
    `IFS=$'\\n' sorted=($(sort <<< "\${names[*]}"))`,
    "unset IFS",
    `echo "\${sorted[*]}"`,
    `IFS=$'\\n' s="\${names[*]}"; echo "$s"`,
  ].join("\n"),
  "slices of arrays and positional parameters": `a=(x y z); IFS=,; s="\${a[*]:0:2}"; t="\${a[*]:1}"; set -- p q r; u="\${*:2}"; v="\${*:1:2}"; echo "$s $t $u $v"`,
  "case modification of the joined array": `a=(x y); IFS=/; s="\${a[*]^^}"; echo "$s"`,
  "here-strings, here-documents, case and [[ ]]": [
    "a=(x y); IFS=,",
    `cat <<< "\${a[*]}"`,
    "cat <<EOT",
    "${a[*]} $*",
    "EOT",
    `case "\${a[*]}" in x,y) echo match;; *) echo no;; esac`,
    `[[ "\${a[*]}" == x,y ]] && echo same`,
  ].join("\n"),
  "printf -v and a local array": `IFS=,; a=(1 2 3); printf -v out '%s' "\${a[*]}"; f() { local -a b=("\${a[*]}"); echo "\${b[0]}"; }; f; echo "$out"`,
  "a joined report in strict mode": [
    "set -euo pipefail",
    "declare -a failed=()",
    'for id in 1 2 3 4; do (( id % 2 == 0 )) && failed+=("$id"); done',
    `summary=$(IFS=', '; echo "\${failed[*]}")`,
    `IFS='|' line="\${failed[*]}"`,
    `echo "failed: $summary ($line)"`,
  ].join("\n"),
};

describe.each(MODES)('"${a[*]}" joins with IFS where the word is not split (%s)', (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const PER_ELEMENT: Record<string, string> = {
  "replacement and removal in an assignment": `a=(ax bx); s="\${a[@]/x/y}"; t="\${a[@]%x}"; u="\${a[@]#a}"; v=\${a[@]//x/Z}; echo "$s|$t|$u|$v"`,
  "prefix and suffix for each element": `files=(a.log b.log c.txt); flags="\${files[@]/#/--file=}"; names="\${files[*]%.*}"; echo "$flags"; echo "$names"; s="\${files[@]/%/.bak}"; echo "$s"`,
  "with IFS for [*]": `a=(ax bx); IFS=-; s="\${a[*]#a}"; t="\${a[*]/x/y}"; unset IFS; echo "$s $t"`,
  "positional parameters": `set -- p.txt q.txt; s="\${@%.txt}"; t="\${*/./_}"; echo "$s|$t"`,
  "here-strings and [[ ]]": `a=(x y); cat <<< "\${a[@]/#/-}"; [[ "\${a[*]/x/z}" == "z y" ]] && echo same`,
  "an empty array and a scalar": `e=(); s="\${e[@]/x/y}"; v=abc; t="\${v/b/B}"; echo "[$s] $t"`,
};

describe.each(MODES)(
  "pattern operations on arrays apply per element where the word is not split (%s)",
  (mode) => {
    it.each(Object.entries(PER_ELEMENT))("%s", async (_, script) => {
      const { bash, toolshell } = await againstBash(script, mode);
      expect(toolshell).toEqual(bash);
    });
  },
);
