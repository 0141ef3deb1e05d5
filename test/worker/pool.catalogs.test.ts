import { afterAll, describe, expect, it, vi } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { WORKER_KEPT_CATALOGS } from "../../src/limits.js";
import { ShellWorker } from "../../src/worker/shell-worker.js";

// Issue 15, cause 2: a shell worker kept one compiled catalog and dropped it whenever another ScriptedTool's run
// came, so on a shared pool nearly every run rebuilt its validators and flag parsers, and the pool sent the whole
// tool list again.
describe("a shared pool's worker", () => {
  const begin = vi.spyOn(ShellWorker.prototype, "begin");
  const apis = Array.from(
    { length: 3 },
    (_, n) =>
      new ScriptedTool({
        name: `tenant${n}`,
        workers: 1,
        workerMemoryMb: 96,
        tools: [{ name: "whoami", execute: () => `tenant ${n}\n` }],
      }),
  );
  afterAll(async () => {
    begin.mockRestore();
    await Promise.all(apis.map((api) => api.close()));
  });

  it("keeps the catalogs of several ScriptedTools: each tool list crosses to it once, and each run sees its own tools", async () => {
    for (let round = 0; round < 3; round++) {
      for (const [n, api] of apis.entries()) {
        // A brace group: a script that is plainly one tool call needs no worker (decision 0041).
        expect(await api.execute("{ whoami; }")).toMatchObject({ stdout: `tenant ${n}\n`, exitCode: 0 });
      }
    }
    const sent = begin.mock.calls.map(([message]) => message.tools !== undefined);
    expect(sent).toEqual([true, true, true, false, false, false, false, false, false]);
    expect(WORKER_KEPT_CATALOGS).toBeGreaterThanOrEqual(apis.length);
  });
});
