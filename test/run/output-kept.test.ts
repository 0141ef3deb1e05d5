import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

describe("a run whose worker is terminated", () => {
  const api = track(
    new ScriptedTool({
      name: "kept",
      workers: 1,
      tools: [{ name: "greet", execute: ({ name }) => `héllo ${String(name)}\n` }],
    }),
  );

  it("keeps what its finished top-level statements printed, with exit 124 and the trace", async () => {
    await api.execute("true"); // the worker is up: the stuck command starts well before the deadline
    const result = await api.execute(
      `echo one; greet --name ana; f() { echo "from f"; echo oops >&2; }; f; ${STUCK}; echo never`,
      { timeoutMs: STUCK_DEADLINE_MS },
    );
    expect(result).toMatchObject({
      stdout: "one\nhéllo ana\nfrom f\n",
      stderr: `oops\n${STUCK_STDERR}`,
      exitCode: 124,
      truncated: false,
    });
    expect(result.trace.map((entry) => [entry.name, entry.exitCode])).toEqual([["greet", 0]]);
    // The replacement worker starts clean: nothing of the lost run shows up in the next one.
    expect(await api.execute("echo next")).toMatchObject({ stdout: "next\n", stderr: "", exitCode: 0 });
  });
});

describe("sleep under a deadline", () => {
  for (const isolation of ["worker", "inline"] as const) {
    it(`ends at the deadline and keeps what was printed (${isolation})`, async () => {
      const api = track(new ScriptedTool({ name: `sleepy_${isolation}`, isolation }));
      // Loading the shell (a worker's start, or the inline shell's first import) is not what is timed here.
      await api.execute("true");
      const started = Date.now();
      const result = await api.execute("echo before; sleep 30; echo after", { timeoutMs: 300 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result).toMatchObject({
        stdout: "before\n",
        stderr: "toolshell: timed out after 300 ms\n",
        exitCode: 124,
      });
    });
  }
});
