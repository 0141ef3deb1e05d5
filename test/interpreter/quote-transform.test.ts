// Patch 0702-at-q-single-quotes: ${x@Q} quotes as GNU bash does. A value with a single quote is single-quoted with
// the quote as '\'' (`Dan O'Brien` -> 'Dan O'\''Brien'; a lone quote is \'); only a value with a character that is
// not printable (a control character, an unassigned one, a line separator) takes the $'...' form, with bash's
// escapes (\E for ESC, \a, \b, \f, \v, \n, \r, \t) and octal bytes for the rest. just-bash wrote $'Dan O\'Brien'
// and $'\033[0m', which bash never prints, so `echo "+ ${name@Q}"` logs and round trips through eval differed.
// Patch 0703-at-e-escapes: ${x@E} reads every escape of $'...' as bash does (\xHH, \nnn, \uHHHH, \UHHHHHHHH, \cX,
// \E, \?, ending at a NUL byte); just-bash read only the one-letter escapes and left `\x41\u00e9` as it was.
// Patch 0708-at-a-declare-form: ${x@A} is the assignment bash writes: x='v', declare -i i='5' for a variable with
// attributes, declare -a a='v' for an element, declare -p's line for ${a[@]@A}; just-bash wrote i='5' and, for
// an array, its values.
// Patch 0709-positional-transforms: "${@@Q}", "${*@Q}", "${@@U}" ... change each positional parameter as for an
// array's elements; just-bash quoted or changed all of them joined as one string.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const SCRIPTS: Record<string, string> = {
  "a name with a quote": `set -euo pipefail; name="Dan O'Brien"; echo "\${name@Q}"`,
  "plain, empty and unset values": `p=plain; e=; echo "\${p@Q} [\${e@Q}] [\${unset_v@Q}]"`,
  "quotes only": `w="'"; v="a'b'c"; u="''"; echo "\${w@Q} \${v@Q} \${u@Q}"`,
  "shell characters stay inside single quotes": `x='$HOME "q" \\\\ \`b\` ! * ; |'; echo "\${x@Q}"`,
  "newline, tab and a quote together": `n=$'it\\'s\\na\\tb'; echo "\${n@Q}"`,
  "control characters": `z=$'\\e[0m\\x01\\a\\b\\f\\v\\r\\x7f\\\\'; echo "\${z@Q}"`,
  "unicode text is printable": `u='héllo wörld 😀'; echo "\${u@Q}"; z=$(printf 'a\\u200bb'); echo "\${z@Q}"`,
  "unicode that is not printable": `c=$(printf 'a\\u0085b'); s=$(printf 'a\\u2028b'); echo "\${c@Q} \${s@Q}"`,
  "array elements": `a=("it's" 'b c' '' $'x\\ny'); echo "\${a[@]@Q}"; echo "\${a[*]@Q}"; echo "\${a[1]@Q}"`,
  "associative array values": `declare -A m=([k]="v'1"); echo "\${m[@]@Q}"`,
  "a positional parameter": `set -- "a'b" c; echo "\${1@Q} \${2@Q}"`,
  "round trip through eval": [
    `q="Dan O'Brien"; eval "z=\${q@Q}"; echo "$z"`,
    `n=$'two\\nlines'; eval "y=\${n@Q}"; [ "$y" = "$n" ] && echo same`,
  ].join("\n"),
  "a logging wrapper": [
    "set -euo pipefail",
    `log_cmd() { local out=""; for a in "$@"; do out+=" \${a@Q}"; done; echo "+$out"; }`,
    `log_cmd get_user --name "O'Hara" --note $'multi\\nline'`,
  ].join("\n"),
  "@Q in an assignment and printf": `q="it's"; s="\${q@Q}"; printf '%s\\n' "$s" "\${q@Q}"`,
};

describe.each(MODES)("${x@Q} quotes as bash does (%s)", (mode) => {
  it.each(Object.entries(SCRIPTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const ESCAPES: Record<string, string> = {
  "one-letter escapes": `s='a\\tb\\n'; echo "[\${s@E}]"; msg='line1\\nline2'; printf '%s\\n' "\${msg@E}"`,
  "hex, octal and unicode": [
    `s='\\x41\\u00e9\\U0001F600 \\101 \\x4g \\xz \\u \\q \\\\ \\cA\\c? \\c[x end\\c'`,
    `r="\${s@E}"; echo "\${#r}"; printf '%s\\n' "$r" | cat -v`,
    `s='\\u263a \\u41 \\U41 \\xc3\\xa9 \\303\\251'; echo "\${s@E}"`,
  ].join("\n"),
  "a NUL ends the value": `s='a\\0b'; r="\${s@E}"; echo "\${#r} $r"; s='a\\x00b'; r="\${s@E}"; echo "\${#r}"`,
  "colour codes and quotes": `s='\\e[1mbold\\e[0m it\\'"'"'s \\"q\\" \\?'; printf '%s\\n' "\${s@E}" | cat -v`,
  "array elements and empty values": `a=('x\\ty' 'p\\nq'); printf '[%s]\\n' "\${a[@]@E}"; e=; echo "[\${e@E}]"; x="a'b"; echo "\${x@E}"`,
};

describe.each(MODES)("${x@E} expands escapes as bash does (%s)", (mode) => {
  it.each(Object.entries(ESCAPES))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const ASSIGNMENTS: Record<string, string> = {
  "plain and attributed scalars": [
    `x="Dan O'Brien"; echo "\${x@A}"; declare -i i=5; echo "\${i@A}"; export X=1; echo "\${X@A}"`,
    `declare -rx RX=2; echo "\${RX@A}"; declare -l lo=AB; echo "\${lo@A}"; e=; echo "\${e@A}"; echo "[\${unset_v@A}]"`,
    `n=$'a\\nb'; echo "\${n@A}"; f() { local l=1; echo "\${l@A}"; }; f; set -- p; echo "[\${1@A}]"`,
  ].join("\n"),
  "arrays and their elements": `a=(1 "b c"); echo "\${a[@]@A}"; echo "\${a[*]@A}"; echo "\${a@A}"; echo "\${a[1]@A}"; declare -A m=([k]=v); echo "\${m[@]@A}"`,
  "saved and restored with eval": [
    `x=v; t=\${x@A}; x=changed; eval "$t"; echo "$x"`,
    `declare -A m=([k]='a b'); saved="\${m[@]@A}"; unset m; eval "$saved"; echo "\${m[k]}"`,
  ].join("\n"),
};

describe.each(MODES)("${x@A} writes the assignment as bash does (%s)", (mode) => {
  it.each(Object.entries(ASSIGNMENTS))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const POSITIONAL: Record<string, string> = {
  "each parameter quoted": [
    `set -- "a'b" 'c d' ''`,
    `echo "\${@@Q}"; echo "\${*@Q}"; printf '[%s]' "\${@@Q}"; echo`,
    `for a in "\${@@Q}"; do echo "<$a>"; done; s="\${@@Q}"; echo "$s"; IFS=,; echo "\${*@Q}"`,
  ].join("\n"),
  "case transforms per parameter": `set -- ax bx; printf '[%s]' "\${@@U}" "\${@@u}" "\${@@L}"; echo`,
  "a logging wrapper": `run() { echo "+ \${*@Q}" >&2; echo "+ \${*@Q}"; "$@"; }; run printf '%s\\n' "O'Hara" 'two words'`,
  "no parameters": `f() { echo "[\${@@Q}] [\${*@Q}]"; printf '<%s>' "\${@@Q}"; echo; }; f`,
};

describe.each(MODES)("transforms of $@ and $* work per parameter (%s)", (mode) => {
  it.each(Object.entries(POSITIONAL))("%s", async (_, script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
