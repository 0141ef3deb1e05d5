import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { WorkerPool } from "../../src/worker/pool.js";
import { track } from "../helpers.js";
import { STUCK, STUCK_DEADLINE_MS, STUCK_STDERR } from "../stuck.js";

describe("the worker pool", () => {
  it("terminates a worker stuck inside one command and replaces it, while the host stays responsive", async () => {
    const api = track(new ScriptedTool({ name: "stuck", workers: 1 }));
    await api.execute("true");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = Date.now();
    const result = await api.execute(`echo start; ${STUCK}; echo end`, { timeoutMs: STUCK_DEADLINE_MS });
    const elapsed = Date.now() - started;
    clearInterval(ticker);
    expect(result).toMatchObject({
      stdout: "start\n", // printed by a statement that ended before the stuck one: kept
      stderr: STUCK_STDERR,
      exitCode: 124,
    });
    expect(elapsed).toBeLessThan(STUCK_DEADLINE_MS + 200 + 1_500);
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
    expect((await api.execute("echo alive")).stdout).toBe("alive\n");
  });

  it("never keeps the host process alive once idle", () => {
    const fixture = fileURLToPath(new URL("../fixtures/run-and-exit.ts", import.meta.url));
    const child = spawnSync(process.execPath, ["--import", "tsx", fixture], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.error).toBeUndefined();
    expect({ status: child.status, stdout: child.stdout }).toEqual({ status: 0, stdout: "hi\n" });
  });

  it("runs more scripts than it has workers by queueing them", async () => {
    const api = track(
      new ScriptedTool({
        name: "queue",
        workers: 2,
        tools: [{ name: "n", execute: ({ i }) => `${String(i)}\n` }],
      }),
    );
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => api.execute(`n --i ${i}`)));
    expect(results.map((result) => result.stdout)).toEqual(Array.from({ length: 9 }, (_, i) => `${i}\n`));
  });
});

describe("a worker that cannot start", () => {
  it("fails the run with a clear error after a few tries, instead of spawning threads forever", async () => {
    // 4 MiB of heap is too little to load the shell: every worker dies before it is ready.
    const pool = new WorkerPool(1, 4);
    try {
      const failed = new Promise<string>((resolve) => {
        void pool.start(
          { script: "echo hi" } as Parameters<WorkerPool["start"]>[0],
          { id: 1, tools: [] },
          { onShellCall: () => {}, onDone: () => resolve("done"), onFailed: (message) => resolve(message) },
          {
            owner: pool,
            tenant: undefined,
            signal: new AbortController().signal,
            deadline: () => Date.now() + 1_000,
            workerStarting: () => {},
            workerReady: () => {},
          },
        );
      });
      expect(await failed).toMatch(/^the shell could not start/);
    } finally {
      await pool.close();
    }
  });
});

describe("a run waiting for a worker", () => {
  it("can be aborted before it starts, and then says nothing ran", async () => {
    const api = track(
      new ScriptedTool({
        name: "queued",
        workers: 1,
        limits: { maxLoopIterations: 100_000_000, maxCommands: 100_000_000 },
      }),
    );
    await api.execute("true");
    const busy = api.execute("while true; do :; done", { timeoutMs: 1_000 });
    const controller = new AbortController();
    const queued = api.execute("echo never", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await queued).toMatchObject({
      stdout: "",
      stderr: "toolshell: aborted\n",
      exitCode: 130,
      trace: [],
    });
    expect((await busy).exitCode).toBe(124);
  });
});
