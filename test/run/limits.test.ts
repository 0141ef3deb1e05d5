import { beforeAll, describe, expect, it } from "vitest";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { track } from "../helpers.js";

const slow: ToolDefinition = {
  name: "slow",
  execute: (_params, ctx) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve("late\n"), 5_000);
      ctx.signal.addEventListener("abort", () => clearTimeout(timer));
    }),
};
const hang: ToolDefinition = { name: "hang", execute: () => new Promise(() => {}) };
const echo: ToolDefinition = { name: "echo_tool", execute: (params) => params };

function api(options: Partial<ConstructorParameters<typeof ScriptedTool>[0]> = {}): ScriptedTool {
  return track(new ScriptedTool({ name: "limits", tools: [slow, hang, echo], ...options }));
}

describe("deadlines and cancellation", () => {
  const isolated = api();
  // Loops here must outlast the deadline, not trip the loop and command caps first.
  const unbounded = api({ limits: { maxLoopIterations: 100_000_000, maxCommands: 100_000_000 } });
  // A cold worker's start-up is not part of a run's time: warm it so the bounds below are about the deadline.
  beforeAll(async () => {
    await Promise.all([isolated.execute("true"), unbounded.execute("true")]);
  });

  it("stops a CPU-bound loop at the deadline with 124 and keeps earlier output", async () => {
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const result = await unbounded.execute("echo before; while true; do :; done", { timeoutMs: 300 });
    clearInterval(ticker);
    expect(result.exitCode).toBe(124);
    expect(result.stdout).toBe("before\n");
    expect(result.stderr).toMatch(/toolshell: timed out after 300 ms\n$/);
    expect(Date.now() - started).toBeLessThan(300 + 1_000);
    expect(ticks).toBeGreaterThan(5);
  });

  it("aborts in-flight callbacks through ctx.signal at the deadline", async () => {
    const result = await isolated.execute("echo start; slow; echo after", { timeoutMs: 200 });
    expect(result.exitCode).toBe(124);
    expect(result.stdout).toBe("start\n");
    expect(result.trace.map((entry) => [entry.name, entry.exitCode])).toEqual([["slow", 124]]);
  });

  it("ends a run whose callback never settles", async () => {
    const result = await isolated.execute("hang", { timeoutMs: 150 });
    expect(result.exitCode).toBe(124);
  });

  it("stops on the caller's AbortSignal with 130", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await unbounded.execute("echo a; while true; do :; done", { signal: controller.signal });
    expect(result).toMatchObject({ stdout: "a\n", exitCode: 130 });
    expect(result.stderr).toMatch(/toolshell: aborted\n$/);
  });

  it("does not start when the signal is already aborted", async () => {
    const result = await isolated.execute("echo never", { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ stdout: "", exitCode: 130 });
  });

  it("stays usable after a timeout", async () => {
    await unbounded.execute("while true; do :; done", { timeoutMs: 100 });
    const result = await isolated.execute("echo_tool --n 1");
    expect(result).toMatchObject({ stdout: '{"n":"1"}\n', exitCode: 0 });
  });

  it("stops an inline CPU loop at the deadline too", async () => {
    const inline = api({
      isolation: "inline",
      limits: { maxLoopIterations: 100_000_000, maxCommands: 100_000_000 },
    });
    const result = await inline.execute("while true; do :; done", { timeoutMs: 200 });
    expect(result.exitCode).toBe(124);
  });
});

describe("per-run caps", () => {
  it("caps tool calls per run", async () => {
    const capped = api({ limits: { maxToolCalls: 3 } });
    const result = await capped.execute(
      "for i in 1 2 3 4 5; do echo_tool --i $i >/dev/null || echo failed $i; done",
    );
    expect(result.stdout).toBe("failed 4\nfailed 5\n");
    expect(result.stderr).toBe(
      "echo_tool: tool call limit reached (3 per run)\necho_tool: tool call limit reached (3 per run)\n",
    );
  });

  it("cuts stdout at maxOutputBytes, keeping its head and tail around a marker", async () => {
    const small = api({ limits: { maxOutputBytes: 10 } });
    const result = await small.execute("seq 1 100");
    expect(result.truncated).toBe(true);
    expect(result.stdout).toBe(
      "1\n2\n3\n[toolshell: 282 bytes cut from the middle of stdout (budget 10 bytes); print less: filter with " +
        "jq, head or grep, or page a tool's output with `out`]\n\n100\n",
    );
  });

  it("caps loop iterations", async () => {
    const loops = api({ limits: { maxLoopIterations: 50 } });
    const result = await loops.execute("i=0; while true; do i=$((i+1)); done");
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/iterations/);
  });

  it("keeps the first 1,000 trace entries and counts the rest", async () => {
    const many = api({ limits: { maxToolCalls: 2_000 } });
    const result = await many.execute("for i in $(seq 1 1005); do echo_tool >/dev/null; done", {
      timeoutMs: 60_000,
    });
    expect(result.trace).toHaveLength(1_000);
    expect(result.traceDropped).toBe(5);
  });

  it("ends a run that exhausts the worker's memory with a clear error, and lives on", async () => {
    const tight = api({ workerMemoryMb: 64 });
    const result = await tight.execute(
      's=$(printf "%08000000d" 0); for i in $(seq 1 200); do a+=("$s$i"); done; echo ${#a[@]}',
      { timeoutMs: 20_000 },
    );
    expect(result).toMatchObject({
      stdout: "",
      stderr: "toolshell: the script ran out of memory (the shell's limit is 64 MiB) and was stopped\n",
      exitCode: 1,
    });
    const after = await tight.execute("echo alive");
    expect(after.stdout).toBe("alive\n");
  });
});
