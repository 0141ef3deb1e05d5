// TM-LEAK-001: no output of a run names toolshell's internal commands or variables, on any path out of the run:
// a normal end, and a worker terminated at the deadline (whose printed output the host keeps).
import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MODES, track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

const echo: ToolDefinition = { name: "echo_tool", execute: () => "hi\n" };

describe.each(MODES)("the id of the last background job, $! (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "names", isolation: mode, tools: [echo] }));

  it.each([
    ["set", "true & set | grep -ci toolshell"],
    ["declare", "true & declare | grep -ci toolshell"],
    ["declare -p", "true & declare -p | grep -ci toolshell"],
    ["compgen -v", "true & compgen -v | grep -ci toolshell"],
    ["${!__*}", 'true & echo "${!__*}" | grep -ci toolshell'],
    ["${!__TOOLSHELL*}", 'true & echo "${!__TOOLSHELL*}" | grep -ci toolshell'],
    [
      "set, declare -p and compgen -v in a job",
      "{ set; declare -p; compgen -v; } & wait | grep -ci toolshell",
    ],
  ])("is in no variable listing: %s", async (_, script) => {
    expect(await api.execute(script)).toMatchObject({ stdout: "0\n", stderr: "", exitCode: 1 });
  });

  it("reads as bash's $!: the last job of this shell, inherited by a job", async () => {
    const script =
      'echo "[$!]"; true & a=$!; true & b=$!; echo $((b - a)); ' +
      '{ echo "in job: $(( $! - b ))"; true & c=$!; echo "own: $(( c - b ))"; wait "$c"; echo "waited $?"; } & ' +
      'wait $!; echo "main: $(( $! - b ))"';
    expect(await api.execute(script)).toMatchObject({
      stdout: "[]\n1\nin job: 0\nown: 2\nwaited 0\nmain: 1\n",
      stderr: "",
      exitCode: 0,
    });
  });

  it("leaves $? as it was, as bash does (false; echo $! $? prints 1)", async () => {
    const script = 'false; echo "[$!]" $?; true & (exit 3); echo $(( $! - $! )) $?; wait';
    expect(await api.execute(script)).toMatchObject({ stdout: "[] 1\n0 3\n", stderr: "", exitCode: 0 });
  });

  it("reads as $! in a function body and an xtrace", async () => {
    const result = await api.execute('f() { wait $!; echo "$! $(( $! ))"; }; type f; echo_tool & set -x; f');
    expect(result).toMatchObject({
      stdout: 'f is a function\nf () \n{ \n    wait $!; echo "$! $(($!))"\n}\nhi\n1001 1001\n',
      stderr: "+ f\n+ wait 1001\n+ echo '1001 1001'\n",
      exitCode: 0,
    });
  });
});

describe("a run whose worker is terminated at the deadline", () => {
  const api = track(new ScriptedTool({ name: "names_killed", workers: 1, tools: [echo] }));

  it("shows its xtrace as the script wrote it", async () => {
    await api.execute("true"); // the worker is up: the stuck command starts well before the deadline
    const result = await api.execute(`set -x; echo_tool & wait; help > /dev/null; ${STUCK}`, {
      timeoutMs: STUCK_DEADLINE_MS,
    });
    expect(result).toMatchObject({
      stdout: "hi\n",
      stderr: `+ echo_tool &\n+ wait\n+ help\n${STUCK_STDERR}`,
      exitCode: 124,
    });
  });
});
