// TM-LIM-002: every limit the shell or one of its commands can trip is worded for the script's author: what was hit
// and what to do, never just-bash's option names; the exit code is 126, "a shell limit tripped" (README).
import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolError } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const COUNT =
  "one command or expansion handles at most that many items, records or iterations here: work on less data at " +
  "once, or let one jq, awk or grep go over it";
const BYTES =
  "one value, input or output may hold at most that many bytes here: filter or cut the data first (grep, head, " +
  "jq) or work on it in parts";
const DEPTH = "this nests at most that deep here: nest or recurse less deeply";

describe.each(MODES)("a tripped shell limit (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "limit_messages", isolation: mode }));

  it.each([
    [
      "awk's records",
      "seq 1 1000001 | awk 'END { print NR }'",
      "bash: seq: iteration limit exceeded (1000000); a run allows at most that many loop iterations, generated " +
        "lines or words: work on less data at once, or let one jq, awk or grep go over it",
    ],
    [
      "an awk loop",
      "awk 'BEGIN { while (1) x++ }'",
      `awk: while loop exceeded maximum iterations (1000000); ${COUNT}`,
    ],
    [
      "awk recursion",
      "awk 'function f(n) { return f(n + 1) } BEGIN { f(1) }'",
      `awk: recursion depth exceeded maximum (100); ${DEPTH}`,
    ],
    [
      "a sed loop",
      "echo x | sed ':a; ba'",
      `sed: command execution exceeded maximum iterations (100000); ${COUNT}`,
    ],
    [
      "brace expansion work",
      "echo {1..100}{1..100}{1..100} | wc -w",
      `bash: brace expansion: brace_operations work limit exceeded (100000); ${COUNT}`,
    ],
    [
      "a printf width",
      "printf '%0200000000d' 0 | wc -c",
      `bash: format width limit exceeded (10485760 bytes); ${BYTES}`,
    ],
    [
      "function recursion",
      "f() { f; }; f",
      "bash: f: maximum recursion depth (100) exceeded; functions may nest at most that deep: recurse less deeply",
    ],
  ])("says what was hit and what to do: %s", async (_, script, line) => {
    expect(await api.execute(script)).toMatchObject({ stdout: "", stderr: `${line}\n`, exitCode: 126 });
  });

  it("leaves a tool's own message alone", async () => {
    const tools = track(
      new ScriptedTool({
        name: "limit_messages_tool",
        isolation: mode,
        tools: [
          {
            name: "quota",
            execute: () => {
              throw new ToolError("rate limit exceeded (429)", { exitCode: 75 });
            },
          },
        ],
      }),
    );
    expect(await tools.execute("quota")).toMatchObject({
      stdout: "",
      stderr: "quota: rate limit exceeded (429)\n",
      exitCode: 75,
    });
  });
});
