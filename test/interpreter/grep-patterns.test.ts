// Patch 0303-grep-multiple-e: every `-e PATTERN` counts (just-bash kept only the last one), in all of GNU grep's
// spellings: `-e P`, `-eP`, `-ve P`, `--regexp=P`, `--regexp P`.
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const FRUIT = "printf 'apple\\nbanana\\ncherry\\napple pie\\n'";

const SCRIPTS = [
  `${FRUIT} | grep -e apple -e cherry`,
  `${FRUIT} | grep -v -e apple -e cherry`,
  `${FRUIT} | grep -c -e apple -e cherry`,
  `${FRUIT} | grep -n -e banana -e pie`,
  `${FRUIT} | grep -o -e an -e rr`,
  "printf 'Apple\\nbanana\\ncherry\\n' | grep -i -e apple -e CHERRY",
  "printf 'app\\napple\\ncat\\n' | grep -w -e app -e cat",
  "printf 'app\\napple\\ncat\\n' | grep -x -e app -e cat",
  "printf 'a+b\\nab\\naab\\n' | grep -E -e 'a+b' -e 'x'",
  "printf 'a+b\\nab\\naab\\n' | grep -F -e 'a+b' -e 'x'",
  "printf 'apple\\nbanana\\n' | grep -e 'a\\|b' -e 'c'",
  "printf 'a -x b\\nfoo\\n' | grep -e '-x'",
  "printf 'a -x b\\nfoo\\n' | grep -e -x -e foo",
  `${FRUIT} | grep -ve apple`,
  `${FRUIT} | grep -vce apple -e banana`,
  `${FRUIT} | grep -eapple -echerry`,
  `${FRUIT} | grep --regexp=apple --regexp cherry`,
  `${FRUIT} | grep -e apple cherry; echo "rc=$?"`,
  `${FRUIT} | grep -q -e nope -e banana; echo "rc=$?"`,
  `${FRUIT} | grep -e; echo "rc=$?"`,
  "printf 'apple\\nbanana\\n' | egrep -e ap -e an",
  [
    "set -euo pipefail",
    "log=$'INFO start\\nWARN disk 91%\\nERROR timeout on db\\nINFO done\\nFATAL crash'",
    'n=$(grep -c -e ERROR -e FATAL <<< "$log")',
    'echo "problems: $n"',
    'grep -E -e "^(WARN|ERROR)" -e "crash$" <<< "$log" | while read -r level rest; do echo "[$level] $rest"; done',
    'grep -v -e INFO -e WARN <<< "$log" | wc -l',
  ].join("\n"),
];

describe.each(MODES)("grep -e (%s)", (mode) => {
  it.each(SCRIPTS)("matches what GNU grep matches: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
