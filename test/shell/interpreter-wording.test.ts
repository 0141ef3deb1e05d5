import { describe, expect, it } from "vitest";
import { MODES, shop } from "../helpers.js";

/** Words that name just-bash, its options or its embedder's choices: nothing a model can act on. */
const BANNED =
  /browser|executionLimits|js-exec|defenseInDepth|DefenseInDepth|sandbox|Node\.js|bundle|just-bash|not implemented|increase /i;

/** Scripts that make just-bash speak for itself: limits, left-out commands, refused features, its own help. */
const TRIGGERS: readonly string[] = [
  "for i in 1 2 3 4 5 6 7 8 9 10; do :; done",
  "while true; do :; done",
  "until false; do :; done",
  "i=0; while [ $i -lt 1000 ]; do i=$((i+1)); done",
  "f() { f; }; f",
  "x=$(printf '%0100000000d' 0)",
  "awk 'BEGIN { while (1) {} }'",
  "echo a | sed ':a;ba'",
  "printf '%s\\n' {a..z}{a..z}{a..z}{a..z}{a..z} | wc -l",
  "seq 1 2000000 | wc -l",
  "python3 -c 'print(1)'",
  "python -c 1",
  "sqlite3 db 'select 1'",
  "yq . <<< 'a: 1'",
  "xan count",
  "node -e 1",
  "awk 'BEGIN { system(\"ls\") }'",
  "echo a | sed 'e ls'",
  "echo a | sed 's/a/ls/e'",
  "awk 'BEGIN { print strftime(\"%Y\") }'",
  "awk 'BEGIN { print systime() }'",
  "awk 'BEGIN { print mktime(\"2024 01 01 00 00 00\") }'",
  "builtin help | head -3",
  "command help | head -3",
  "eval help | head -3",
  "cat /proc/version",
  "eval 'cat < /etc/passwd'",
  "curl -s https://example.com",
  "uname -a; hostname; whoami",
];

describe.each(MODES)("just-bash's own wording never reaches the model (%s)", (mode) => {
  const api = () => shop(mode, { limits: { maxLoopIterations: 5, maxCommands: 200 } });

  it.each(TRIGGERS)("%s", async (script) => {
    const result = await api().execute(script);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(BANNED);
  });

  it.each([
    [
      "python3 -c 1",
      "bash: python3: command not found (this shell runs only its tools and text commands; see help)\n",
      127,
    ],
    ["sqlite3 db", "bash: sqlite3: command not found (did you mean split? see help)\n", 127],
    [
      "echo a | sed 'e ls'",
      "sed: the e command (and s///e) is refused: this shell runs no other programs, so sed cannot run commands; " +
        'print what the command needs and run it from the script (... | while read -r x; do cmd "$x"; done)\n',
      1,
    ],
    [
      "awk 'BEGIN { print strftime(\"%Y\") }'",
      "awk: strftime() is not available in this awk; take times from date in the script and pass them in " +
        '(awk -v now="$(date -u +%s)" ..., date -u -d @"$t" +%F)\n',
      2,
    ],
  ])("words %j in toolshell's terms", async (script, stderr, exitCode) => {
    const result = await api().execute(script);
    expect({ stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode }).toEqual({
      stdout: "",
      stderr,
      exitCode,
    });
  });

  it("shows just-bash's help banner without its name", async () => {
    const result = await api().execute("builtin help | head -2");
    expect(result.stdout).toBe(
      "Shell builtins (run help for the tools and commands)\n" +
        "These shell commands are defined internally. Type `help' to see this list.\n",
    );
  });
});
