import { describe, expect, it } from "vitest";
import { MODES, shop } from "../helpers.js";

/** Bash features the logic-only shell keeps, as script -> stdout, checked in both isolation modes. */
const cases: Array<[string, string, string]> = [
  ["variables and arithmetic", "x=3; y=$((x * 4)); echo $y", "12\n"],
  ["arrays", 'a=(one two three); echo "${#a[@]} ${a[1]}"', "3 two\n"],
  ["functions", 'greet() { echo "hi $1"; }; greet bob', "hi bob\n"],
  ["command substitution", 'echo "n=$(seq 1 3 | wc -l)"', "n=3\n"],
  ["if/else", "if [ 2 -gt 1 ]; then echo yes; else echo no; fi", "yes\n"],
  ["case", "v=b; case $v in a) echo A;; b) echo B;; esac", "B\n"],
  ["for", "for i in 1 2 3; do printf '%s,' $i; done; echo", "1,2,3,\n"],
  [
    "while/until",
    "i=0; while [ $i -lt 3 ]; do i=$((i+1)); done; until [ $i -eq 0 ]; do i=$((i-1)); done; echo $i",
    "0\n",
  ],
  ["pipelines and && ||", "false || echo a && echo b", "a\nb\n"],
  ["heredoc to cat", 'cat <<EOF\n{"a":1}\nEOF', '{"a":1}\n'],
  ["here-string", "tr a-z A-Z <<<hello", "HELLO\n"],
  ["PIPESTATUS", "false | true; echo ${PIPESTATUS[@]}", "1 0\n"],
  ["set -e stops", "set -e; echo one; false; echo two", "one\n"],
  ["set -o pipefail", "set -o pipefail; false | true; echo $?", "1\n"],
  ["set -u", "set -u; echo ${missing:-default}", "default\n"],
  ["printf", "printf '%05.1f|%-3s|\\n' 3.14159 ab", "003.1|ab |\n"],
  ["grep/sed/awk", "printf 'a 1\\nb 2\\n' | grep b | sed s/b/c/ | awk '{print $2 * 10}'", "20\n"],
  [
    "sort/uniq/cut",
    "printf 'b,1\\na,2\\nb,3\\n' | cut -d, -f1 | sort | uniq -c | awk '{print $2 $1}'",
    "a1\nb2\n",
  ],
  ["tr/wc/head/tail", "seq 1 10 | head -4 | tail -2 | tr '\\n' ' '; echo", "3 4 \n"],
  [
    "expr/base64/rev/tac",
    'expr 2 + 3; echo hi | base64; echo abc | rev; printf "1\\n2\\n" | tac',
    "5\naGkK\ncba\n2\n1\n",
  ],
  [
    "paste/nl/fold/column",
    "printf 'a\\nb\\n' | paste -sd,; printf '1\\n2\\n' | paste -s -d ' '; echo x | nl | tr -s ' \\t' ' '; echo abcd | fold -w2",
    "a,b\n1 2\n 1 x\nab\ncd\n",
  ],
  ["jq on tool output", "get_user --id 42 | jq -r .name", "Jane Doe\n"],
  ["xargs over a tool", "echo 42 7 | xargs -n1 get_user --id | jq -r .tier", "gold\nbasic\n"],
  ["xargs -I{} glued", "printf '42\\n7\\n' | xargs -I{} get_user --id {} | jq -r .id", "42\n7\n"],
  ["exit code of last command", "get_user --id 999; echo rc=$?", "rc=1\n"],
  ["redirect to /dev/null", "echo hidden >/dev/null; echo shown 2>/dev/null", "shown\n"],
  ["stderr to stdout", "get_user --id 999 2>&1 | head -1", "get_user: callback failed\n"],
];

describe.each(MODES)("the shell keeps bash's logic (%s)", (mode) => {
  const api = shop(mode);
  it.each(cases)("%s", async (_name, script, stdout) => {
    const result = await api.execute(script);
    expect(result.stdout).toBe(stdout);
  });
});
