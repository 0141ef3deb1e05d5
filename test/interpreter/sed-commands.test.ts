// sed commands and addresses as GNU sed (/usr/bin/sed) runs them, each script run in GNU bash and in toolshell.
//
// Patch 0810-sed-text-commands: a, i and c read their text as GNU sed does: `2i\inserted` (GNU's one-line form)
// inserts "inserted" (just-bash kept the backslash: "\inserted"), `$a\the end` is "the end" (just-bash read \t
// as a tab), `2i   text` drops the blanks, `2i\  text` keeps them, "\" before another character stands for it
// (x\\y is x\y), and `a` with no text is an error.
//
// Patch 0811-sed-range-end: on the line a range starts, a line-number end at or before it ends the range there
// (`/two/,1p` prints one line; just-bash printed to the end) and an end regex is first tried on the next line
// (`1,/o/p` prints one and two, `1,/one/d` deletes every line; just-bash ended the range on its first line), except
// for `0,/re/`.
//
// Patch 0812-sed-change-range: `c` on a range prints its text once, on the range's last line (`2,3c\both`,
// `/start/,/end/c\[block]`); just-bash printed it for every line of the range.
//
// Patch 0813-sed-range-multiple: GNU's `addr1,~N` (from addr1 to the next line whose number is a multiple of N)
// works: `2,~4p` prints lines 2 to 4; just-bash refused it ("expected context address", status 1).
//
// Patch 0814-sed-subst-nth-global: `s/-/+/2g` replaces the second match and every later one (just-bash replaced
// them all), and a line with fewer than N matches is no substitution (`t` does not branch, `p` does not print).
//
// Patch 0815-sed-quit-status: `q5` and `Q5` end sed with status 5 (just-bash: "command expected", status 1).
//
// Patch 0816-sed-case-conversion: \U, \L, \E, \u and \l in a replacement convert case as in GNU sed
// (`s/.*/\U&/` uppercases; just-bash printed a literal U before the line).
//
// Patch 0818-sed-ere-addresses: under -E (-r) an address regex is an ERE as in GNU sed: `sed -E -n '/(tw|fo)/p'`
// prints two and four; just-bash read it as a BRE (literal parentheses and bar) and printed nothing, status 0.
//
// Patch 0817-sed-option-forms: option clusters as getopt reads them (`-ne 'p'`, `-nEe`, `-es/a/b/`),
// `--expression=S`, `--expression S`, `-u`/`--unbuffered`; just-bash failed them (status 1) or read the script
// as a file name.
//
// Patch 0819-sed-address-ignore-case: GNU's `/re/I` address matches case-insensitively (just-bash: an error).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const FIVE = "printf '%s\\n' one two three four five";

const TEXT_COMMANDS = [
  `${FIVE} | sed '2i\\inserted'`,
  `${FIVE} | sed '2a\\appended'`,
  `${FIVE} | sed '2c\\changed'`,
  `${FIVE} | sed '2i\\\ninserted'`,
  `${FIVE} | sed '2i inserted'`,
  `${FIVE} | sed '2i    lead blanks dropped'`,
  `${FIVE} | sed '2i\\   lead blanks kept'`,
  `${FIVE} | sed '$a\\the end'`,
  `${FIVE} | sed '$a the end; p'`,
  `${FIVE} | sed '/thr/a after three'`,
  `${FIVE} | sed '/thr/i\\\nline1\\\nline2'`,
  `${FIVE} | sed -e '2a\\' -e 'text'`,
  `${FIVE} | sed -e '1i\\' -e 'l1\\' -e 'l2'`,
  `${FIVE} | sed '2a\\\\tTab'`,
  `${FIVE} | sed '2a foo\\tbar\\nbaz'`,
  `${FIVE} | sed '2a\\\nx\\\\y \\q'`,
  `${FIVE} | sed '2{i\\\nbefore\na\\\nafter\n}'`,
  `${FIVE} | sed '2!c\\x'`,
  `${FIVE} | sed '1a'; echo "status=$?"`,
  [
    "set -euo pipefail",
    "report=$(printf 'id,name\\n1,ann\\n2,bob\\n' | sed '1i\\# users' | sed '$a\\# end')",
    'echo "$report"',
  ].join("\n"),
  ["set -euo pipefail", "for f in a b; do", `  printf 'x\\ny\\n' | sed "1i\\\\header $f"`, "done"].join("\n"),
];

describe.each(MODES)("sed a, i, c text (%s)", (mode) => {
  it.each(TEXT_COMMANDS)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const RANGES = [
  `${FIVE} | sed -n '0,/o/p'`,
  `${FIVE} | sed -n '1,/o/p'`,
  `${FIVE} | sed '0,/one/d'`,
  `${FIVE} | sed '1,/one/d'`,
  `${FIVE} | sed -n '/two/,1p'`,
  `${FIVE} | sed -n '/four/,2p'`,
  `${FIVE} | sed -n '/^t/,/^t/p'`,
  `${FIVE} | sed -n '2,/e/p'`,
  `${FIVE} | sed -n '/two/,$p'`,
  `${FIVE} | sed -n '/e/,+1p'`,
  `${FIVE} | sed -n '1~2p'`,
  `${FIVE} | sed '0~2d'`,
  "printf 'a\\nb\\na\\nb\\na\\n' | sed -n '/a/,/a/p'",
  [
    "set -euo pipefail",
    "printf 'h\\n1\\n2\\nh\\n3\\n' | sed -n '/h/,2p' | while read -r line; do",
    '  echo "got $line"',
    "done",
  ].join("\n"),
];

describe.each(MODES)("sed address ranges (%s)", (mode) => {
  it.each(RANGES)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const CHANGE_RANGES = [
  `${FIVE} | sed '2,3c\\both'`,
  `${FIVE} | sed '2,3c both'`,
  `${FIVE} | sed '/two/,/four/c\\gone'`,
  `${FIVE} | sed '2,$c\\rest'`,
  `${FIVE} | sed '/two/,+1c\\pair'`,
  `${FIVE} | sed '4,2c\\back'`,
  `${FIVE} | sed '/t/c\\T'`,
  `${FIVE} | sed '1~2c\\odd'`,
  [
    "set -euo pipefail",
    "printf 'start\\nsecret\\nend\\nkeep\\nstart\\nx\\nend\\n' | sed '/start/,/end/c\\[redacted]'",
  ].join("\n"),
];

describe.each(MODES)("sed c on a range (%s)", (mode) => {
  it.each(CHANGE_RANGES)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const MULTIPLE_RANGES = [
  `${FIVE} | sed -n '/two/,~4p'`,
  `${FIVE} | sed -n '2,~4p'`,
  `${FIVE} | sed -n '4,~4p'`,
  `${FIVE} | sed -n '/o/,~2p'`,
  `${FIVE} | sed -n '2,~0p'`,
  `${FIVE} | sed '/e/,~3d'`,
  "seq 1 12 | sed -n '/^[37]$/,~4p'",
  "seq 1 10 | sed -n '2,+2p;/8/,+5p'",
];

describe.each(MODES)("sed addr1,~N (%s)", (mode) => {
  it.each(MULTIPLE_RANGES)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const NTH_SUBSTITUTIONS = [
  `${FIVE} | sed 's/o/0/2g'`,
  "echo 'a-b-c-d-e' | sed 's/-/+/2g'",
  "echo 'k=v=w=z' | sed 's/=/ /2g'",
  "echo 'AbAbab' | sed 's/a/x/2gI'",
  "echo 'aaa' | sed -E 's/(a)/[\\1]/2g'",
  "echo 'a-b' | sed -n 's/-/+/2p'",
  "echo 'a-b-c' | sed -n 's/-/+/2p'",
  "for w in one oo; do echo $w | sed 's/o/0/2;t x;s/$/ no/;b;:x;s/$/ yes/'; done",
];

describe.each(MODES)("sed s///Ng (%s)", (mode) => {
  it.each(NTH_SUBSTITUTIONS)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const QUIT_STATUS = [
  `${FIVE} | sed '2q5'; echo "status=$?"`,
  `${FIVE} | sed '2Q3'; echo "status=$?"`,
  `${FIVE} | sed '2q 7'; echo "status=$?"`,
  `${FIVE} | sed '2q300'; echo "status=$?"`,
  `${FIVE} | sed -n '/three/{p;q1}'; echo "status=$?"`,
  `${FIVE} | sed -e 2q -e 5p; echo "status=$?"`,
  [
    "set -euo pipefail",
    "if printf 'a\\nb\\n' | sed -n '/b/q0; $q1'; then echo found; else echo \"missing $?\"; fi",
    "if printf 'a\\nc\\n' | sed -n '/b/q0; $q1'; then echo found; else echo \"missing $?\"; fi",
  ].join("\n"),
];

describe.each(MODES)("sed q and Q exit status (%s)", (mode) => {
  it.each(QUIT_STATUS)("ends as GNU sed ends: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const CASE_CONVERSION = [
  `${FIVE} | sed 's/.*/\\U&/'`,
  `${FIVE} | sed -E 's/(.)(.*)/\\u\\1\\2/'`,
  "echo 'aaa bbb' | sed 's/\\b\\(.\\)/\\u\\1/g'",
  "echo 'HELLO World' | sed 's/.*/\\L&/'",
  "echo 'hello world' | sed -E 's/(\\w+) (\\w+)/\\U\\1\\E \\2/'",
  "echo 'hello world' | sed -E 's/(\\w+) (\\w+)/\\2 \\U\\1/'",
  "echo 'MIXED case' | sed -E 's/(\\w)(\\w*)/\\1\\L\\2/g'",
  "echo 'foo_bar_baz' | sed -E 's/_(.)/\\u\\1/g'",
  "echo 'fooBarBaz' | sed -E 's/([A-Z])/_\\l\\1/g'",
  "echo 'abc' | sed 's/b/\\U&x\\Ey/'",
  "echo 'abc' | sed 's/\\(a\\)\\(b\\)/\\u\\L\\1\\2X/'",
  "echo 'user_id,order_total' | tr ',' '\\n' | sed -E 's/(^|_)([a-z])/\\U\\2/g'",
  "echo 'a&b' | sed 's/&/\\U\\&x/'",
  "echo 'abc' | sed 's/\\(a\\)\\(b\\)/\\L\\u\\1\\2X/'",
  "echo 'abc' | sed 's/\\(a\\)\\(b\\)/\\u\\U\\1\\2X/'",
  "echo 'abc' | sed 's/\\(a\\)\\(b\\)/\\u\\E\\1\\2X/'",
  "echo 'ABC' | sed 's/\\(A\\)\\(B\\)/\\l\\U\\1\\2x/'",
  "echo 'abc' | sed 's/b/\\u/'",
  [
    "set -euo pipefail",
    "for col in user_id order_total; do",
    "  name=$(echo \"$col\" | sed -E 's/(^|_)([a-z])/\\U\\2/g')",
    '  echo "$col -> $name"',
    "done",
  ].join("\n"),
];

describe.each(MODES)("sed case conversion in s/// (%s)", (mode) => {
  it.each(CASE_CONVERSION)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const ERE_ADDRESSES = [
  `${FIVE} | sed -E -n '/(tw|fo)/p'`,
  `${FIVE} | sed -nE '/t/p'`,
  `${FIVE} | sed -nr '/(tw|fo)/p'`,
  `${FIVE} | sed -En '/(tw|fo)/p'`,
  `${FIVE} | sed -E '/^(one|five)$/d'`,
  `${FIVE} | sed -E -n '/o{1}u?r/p'`,
  `${FIVE} | sed -n '/\\(tw\\|fo\\)/p'`,
  `${FIVE} | sed -n '/t\\{1\\}h/p'`,
  `${FIVE} | sed -E -n '/(t|f)/,/^f+i/p'`,
  `${FIVE} | sed -E -n '/o/{s//0/;p}'`,
  `${FIVE} | sed -E '/^t(wo|hree)$/s/^t/T/'`,
  "printf 'a+b\\nab\\n' | sed -n '/a+b/p'",
  "printf 'a+b\\naab\\n' | sed -E -n '/a+b/p'",
  [
    "set -euo pipefail",
    "printf 'GET /a 200\\nPOST /b 500\\nGET /c 404\\n' | sed -E -n '/ (4|5)[0-9]{2}$/p' | while read -r m path code; do",
    '  echo "$code $m $path"',
    "done",
  ].join("\n"),
];

describe.each(MODES)("sed -E addresses (%s)", (mode) => {
  it.each(ERE_ADDRESSES)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const OPTION_FORMS = [
  `${FIVE} | sed -ne '2p' -e '4p'`,
  `${FIVE} | sed -e 's/o/0/' -ne '/0/p'`,
  `${FIVE} | sed --expression='s/o/0/' -e 's/t/T/'`,
  `${FIVE} | sed --expression 's/o/0/'`,
  `${FIVE} | sed -u 's/o/0/'`,
  `${FIVE} | sed -nEe '/(tw|fo)/p'`,
  `${FIVE} | sed -es/o/0/`,
  `${FIVE} | sed -n -e 1p -e '$p'`,
  `${FIVE} | sed -nE '/^t/p'`,
  `${FIVE} | sed -x 1p; echo "rc=$?"`,
  `${FIVE} | sed --bogus 1p; echo "rc=$?"`,
  `${FIVE} | sed -n --unbuffered '3p'`,
];

describe.each(MODES)("sed option forms (%s)", (mode) => {
  it.each(OPTION_FORMS)("runs as GNU sed runs: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

const ADDRESS_IGNORE_CASE = [
  "printf 'Error: a\\nok\\nERROR b\\n' | sed -n '/error/Ip'",
  "printf 'Error: a\\nok\\nERROR b\\n' | sed '/error/Id'",
  "printf 'Error: a\\nok\\nERROR b\\n' | sed -E '/^(error|ok)/I s/^/> /'",
  "printf 'A\\nb\\nC\\n' | sed -n '/a/I,/c/Ip'",
  "printf 'x\\n' | sed '/x/i\\\ninserted'",
  "printf 'x\\nX\\n' | sed -n '/x/p'",
];

describe.each(MODES)("sed /re/I (%s)", (mode) => {
  it.each(ADDRESS_IGNORE_CASE)("prints what GNU sed prints: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
