// The shell's limits bound what a run holds, not what it does: output thrown away into /dev/null is not counted
// (TM-LIM-001), generators and loops over ordinary data sizes fit the defaults while the deadline and output caps
// still end runaway scripts (TM-LIM-002), and no message names toolshell's internal commands (TM-LEAK-001).
import { describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const MIB = 1024 * 1024;
const blob: ToolDefinition = { name: "blob", execute: () => `${"x".repeat(MIB - 1)}\n` };
const echo: ToolDefinition = { name: "echo_tool", execute: () => "hi\n" };

describe.each(MODES)("output sent to /dev/null (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "limits", isolation: mode, tools: [blob, echo] }));

  // 40 MiB in all, past the 32 MiB the shell holds at once; each MiB is thrown away as it comes.
  it.each([
    ["> /dev/null", "blob > /dev/null"],
    ["&> /dev/null", "blob &> /dev/null"],
    [">/dev/null 2>&1", "blob >/dev/null 2>&1"],
    ["a pipeline into /dev/null", "blob | cat > /dev/null"],
    ["a group into /dev/null", "{ blob; echo_tool; } > /dev/null"],
    ["a function into /dev/null", "f > /dev/null"],
  ])("is not counted toward the run's output: %s", async (_, discard) => {
    const result = await api.execute(`f() { blob; }; for i in $(seq 1 40); do ${discard}; done; echo done`);
    expect(result).toMatchObject({ stdout: "done\n", stderr: "", exitCode: 0 });
  });

  it("routes what is not discarded as bash does", async () => {
    const result = await api.execute(
      "for i in $(seq 1 3); do echo_tool >&2 > /dev/null; echo_tool 2>&1 >/dev/null; done",
    );
    expect(result).toMatchObject({ stdout: "", stderr: "", exitCode: 0 });
    const kept = await api.execute("{ echo_tool; echo_tool >&2; } 2>/dev/null");
    expect(kept).toMatchObject({ stdout: "hi\n", stderr: "", exitCode: 0 });
  });

  it("still ends a loop that holds more than the shell keeps, saying what to do", async () => {
    const result = await api.execute("for i in $(seq 1 40); do blob; done | wc -c");
    expect(result.exitCode).toBe(126);
    expect(
      result.stderr.endsWith(
        "bash: pipeline: total output size exceeded (>33554432 bytes); the shell holds at most that much output " +
          "at once: print less (filter with jq, grep or head inside the loop) or send what is not needed to /dev/null\n",
      ),
    ).toBe(true);
  });
});

describe.each(MODES)("generators and loops over ordinary data sizes (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "limits", isolation: mode, tools: [echo] }));

  it.each([
    ["seq 1 100000 | tail -1", "100000\n"],
    ["seq 1 1000000 | wc -l", "1000000\n"],
    ["for i in $(seq 1 100000); do :; done; echo $i", "100000\n"],
    ["seq 1 100000 | awk '{ s += $1 } END { print s }'", "5000050000\n"],
    ["seq 1 100000 | grep -c 7", "40951\n"],
    ["seq 1 100000 | xargs -n 1000 echo | wc -l", "100\n"],
    ["a=($(seq 1 200000)); echo ${#a[@]}", "200000\n"],
    ["seq 1 1000000 | awk 'END { print NR }'", "1000000\n"],
    ["for i in {1..10000}; do :; done; echo $i", "10000\n"],
    ["echo {a,b}{1..6000} | wc -w", "12000\n"],
    ["echo {a..z}{a..z}{a..z} | wc -w", "17576\n"],
  ])("%s", async (script, stdout) => {
    expect(await api.execute(script)).toMatchObject({ stdout, stderr: "", exitCode: 0 });
  });

  it("bounds a generator: seq 1 100000000 ends at once with a clear error", async () => {
    const result = await api.execute("seq 1 100000000 | tail -1");
    expect(result).toMatchObject({
      stdout: "",
      stderr:
        "bash: seq: iteration limit exceeded (1000000); a run allows at most that many loop iterations, " +
        "generated lines or words: work on less data at once, or let one jq, awk or grep go over it\n",
      exitCode: 126,
    });
  });

  it("refuses a brace range longer than just-bash expands, pointing to seq", async () => {
    const result = await api.execute('for i in {1..20000}; do :; done; echo "[$i]"');
    expect(result).toMatchObject({
      stdout: "[]\n",
      stderr:
        "bash: brace range {1..20000} refused: a range expands to at most 10,000 words here (this one has " +
        "20,000); use $(seq 1 20000) instead\n",
      exitCode: 0,
    });
  });

  it("ends an endless loop at the deadline, keeping what it printed", async () => {
    const result = await api.execute("echo before; while true; do :; done", { timeoutMs: 500 });
    expect(result).toMatchObject({
      stdout: "before\n",
      stderr: "toolshell: timed out after 500 ms\n",
      exitCode: 124,
    });
  });

  it("words a host-set loop limit in toolshell's terms", async () => {
    const tight = track(
      new ScriptedTool({ name: "tight", isolation: mode, limits: { maxLoopIterations: 50 } }),
    );
    const result = await tight.execute(
      "for i in $(seq 1 10); do :; done; i=0; while true; do i=$((i+1)); done",
    );
    expect(result).toMatchObject({
      stdout: "",
      stderr:
        "bash: while loop: too many iterations (50); a run allows at most that many loop iterations, generated " +
        "lines or words: work on less data at once, or let one jq, awk or grep go over it\n",
      exitCode: 126,
    });
  });
});

describe.each(MODES)("toolshell's internal command names (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "limits", isolation: mode, tools: [echo] }));

  it.each([
    [
      "an xtrace of wait and help",
      "set -x; wait; help > /dev/null; echo ok",
      "ok\n",
      "+ wait\n+ help\n+ echo ok\n",
    ],
    ["$_ after wait", 'wait; echo "$_"', "wait\n", ""],
    ["a function body", "f() { wait; help; }; type f", "f is a function\nf () \n{ \n    wait; help\n}\n", ""],
    ["an xtrace of a background job", "set -x; echo_tool & wait", "hi\n", "+ echo_tool &\n+ wait\n"],
  ])("never appear: %s", async (_, script, stdout, stderr) => {
    expect(await api.execute(script)).toMatchObject({ stdout, stderr, exitCode: 0 });
  });

  it("never appear in an xtrace of a refused construct", async () => {
    const result = await api.execute("set -x; echo a > /tmp/f");
    expect(result).toMatchObject({
      stdout: "",
      stderr:
        "bash: redirection to or from a file (> /tmp/f) refused: this shell has no filesystem; keep data in " +
        "variables and pipes (only /dev/null is allowed)\n",
      exitCode: 1,
    });
  });
});
