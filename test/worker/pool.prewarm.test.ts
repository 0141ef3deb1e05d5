// ADR 0038: a ScriptedTool in worker mode starts one shell worker of its shared pool at construction and warms it,
// so that the first execute() finds it ready; `prewarm: false` starts nothing before execute(). A warming worker
// never keeps the process alive, and one that dies is harmless.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MAX_FAILED_STARTS } from "../../src/limits.js";
import { type RunTicket, sharedPool, WorkerPool } from "../../src/worker/pool.js";
import { ShellWorker } from "../../src/worker/shell-worker.js";
import { WARM_UP_ORDER } from "../../src/worker/warm-up.js";
import { track } from "../helpers.js";

/** A run of `script` on `pool`: its result, or why it failed, and whether a new worker had to start for it. */
async function runOn(pool: WorkerPool, script: string): Promise<{ outcome: string; startedWorker: boolean }> {
  let startedWorker = false;
  const outcome = await new Promise<string>((resolve) => {
    const ticket: RunTicket = {
      owner: pool,
      tenant: undefined,
      signal: new AbortController().signal,
      deadline: () => Date.now() + 30_000,
      workerStarting: () => {
        startedWorker = true;
      },
      workerReady: () => {},
    };
    void pool.start(
      { ...WARM_UP_ORDER, script },
      { id: 1, tools: [] },
      { onShellCall: () => {}, onDone: (result) => resolve(result.stdout), onFailed: resolve },
      ticket,
    );
  });
  return { outcome, startedWorker };
}

/** The threads ShellWorker creates from now on, to end one from outside or count them. */
function watchThreads(): { created: () => number; last: () => ShellWorker["worker"] } {
  const create = vi.spyOn(
    ShellWorker.prototype as unknown as { create: () => ShellWorker["worker"] },
    "create",
  );
  return {
    created: () => create.mock.calls.length,
    last: () => create.mock.results.at(-1)?.value as ShellWorker["worker"],
  };
}

/** Workers started from the TS sources (tsx in each), and a process of their own, on a busy 2-core machine. */
const SLOW = 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("prewarm", () => {
  it(
    "starts one worker of the shared pool at construction, however many ScriptedTools share it; none with prewarm: false or inline",
    async () => {
      // Pool settings of this test alone, so that the pool is new.
      const settings = { workers: 3, workerMemoryMb: 201 };
      const pool = sharedPool(settings.workers, settings.workerMemoryMb);
      track(new ScriptedTool({ name: "cold", ...settings, prewarm: false }));
      track(new ScriptedTool({ name: "inline", ...settings, isolation: "inline" }));
      expect(pool.threads()).toBe(0);
      for (let i = 0; i < 50; i++) track(new ScriptedTool({ name: `agent_${i}`, ...settings }));
      expect(pool.threads()).toBe(1);
      await pool.prewarm();
      expect(pool.threads()).toBe(1);
    },
    SLOW,
  );

  it(
    "leaves the pool empty until the first execute() with prewarm: false",
    async () => {
      const settings = { workers: 2, workerMemoryMb: 202 };
      const api = track(new ScriptedTool({ name: "cold", ...settings, prewarm: false }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sharedPool(settings.workers, settings.workerMemoryMb).threads()).toBe(0);
      expect((await api.execute("echo ran")).stdout).toBe("ran\n");
      expect(sharedPool(settings.workers, settings.workerMemoryMb).threads()).toBe(1);
    },
    SLOW,
  );

  it(
    "gives the first execute() the warm worker: a tool call and jq run on it, and no other thread starts",
    async () => {
      const settings = { workers: 2, workerMemoryMb: 203 };
      const api = track(
        new ScriptedTool({
          name: "warm",
          ...settings,
          tools: [
            {
              name: "get_user",
              inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
              execute: ({ id }) => ({ id, name: "Ada" }),
            },
          ],
        }),
      );
      const pool = sharedPool(settings.workers, settings.workerMemoryMb);
      await pool.prewarm();
      const threads = watchThreads();
      const result = await api.execute("get_user --id 42 | jq -c '{n: .name, id}'");
      expect(result).toMatchObject({ stdout: '{"n":"Ada","id":42}\n', stderr: "", exitCode: 0 });
      expect(threads.created()).toBe(0);
      expect(pool.threads()).toBe(1);
    },
    SLOW,
  );

  it.each([
    ["as it starts", false],
    ["in its warm-up", true],
  ])(
    "hands the worker to a run that comes while it warms (%s), then to the next without a start",
    async (_, ready) => {
      const pool = new WorkerPool(2, 256);
      const threads = watchThreads();
      try {
        void pool.prewarm();
        const thread = threads.last();
        // The warm-up run is handed over as soon as the worker says it is ready.
        if (ready) await new Promise((resolve) => thread.once("message", resolve));
        // The rest of the warm-up is skipped, and no second thread starts.
        expect(await runOn(pool, "echo early")).toMatchObject({ outcome: "early\n" });
        expect(threads.created()).toBe(1);
        expect(await runOn(pool, "echo later")).toEqual({ outcome: "later\n", startedWorker: false });
        expect(pool.threads()).toBe(1);
      } finally {
        await pool.close();
      }
    },
    SLOW,
  );
});

describe("a warming worker that dies", () => {
  it.each([
    ["as it starts", false],
    ["in its warm-up", true],
  ])(
    "%s is dropped without a trace: the next run starts a worker of its own and runs",
    async (_, ready) => {
      const pool = new WorkerPool(1, 256);
      const threads = watchThreads();
      try {
        const warm = pool.prewarm();
        const thread = threads.last();
        // The warm-up run is handed over as soon as the worker says it is ready.
        if (ready) await new Promise((resolve) => thread.once("message", resolve));
        await thread.terminate();
        await warm;
        expect(pool.threads()).toBe(0);
        expect(await runOn(pool, "echo alive")).toEqual({ outcome: "alive\n", startedWorker: true });
      } finally {
        await pool.close();
      }
    },
    SLOW,
  );

  it(
    "that a run was waiting for is not counted against that run's own tries to start one",
    async () => {
      // 4 MiB of heap is too little to load the shell: every worker dies before it is ready.
      const pool = new WorkerPool(1, 4);
      const threads = watchThreads();
      try {
        void pool.prewarm();
        const { outcome } = await runOn(pool, "echo hi");
        expect(outcome).toMatch(/^the shell could not start/);
        // The warming worker, then the run's own MAX_FAILED_STARTS.
        expect(threads.created()).toBe(1 + MAX_FAILED_STARTS);
      } finally {
        await pool.close();
      }
    },
    SLOW,
  );
});

describe("a process that constructs a ScriptedTool and never closes it", () => {
  const fixture = fileURLToPath(new URL("./prewarm-and-exit.fixture.ts", import.meta.url));
  const exit = (args: string[]) => {
    const child = spawnSync(process.execPath, ["--import", "tsx", fixture, ...args], {
      encoding: "utf8",
      timeout: SLOW - 5_000,
    });
    return { error: child.error, status: child.status, stdout: child.stdout };
  };

  it(
    "exits by itself at once while its worker starts and warms",
    () => {
      // A warming worker that kept the process alive would let it exit only once the warm-up ended.
      expect(exit(["warming"])).toEqual({ error: undefined, status: 0, stdout: "warm-up ended: false\n" });
    },
    SLOW,
  );

  it(
    "exits by itself once its worker is warm",
    () => {
      expect(exit(["warm"])).toEqual({ error: undefined, status: 0, stdout: "warm-up ended: true\n" });
    },
    SLOW,
  );
});
