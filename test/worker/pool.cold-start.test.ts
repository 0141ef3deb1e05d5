// TM-DOS-004: a run's wall time is bounded by its timeoutMs plus COLD_START_GRACE_MS even when a new shell worker
// must be started for it: the deadline never stops for a start. The fixture's process starts every worker thread
// 4 s late (a preload run by each), longer than any run here may take. Worker mode only: inline runs start none.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COLD_START_GRACE_MS } from "../../src/limits.js";
import { fixtureOutput } from "../fixture-process.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/cold-start.ts", import.meta.url));
const SLOW_START = fileURLToPath(new URL("../fixtures/slow-worker-start.cjs", import.meta.url));
/** node, tsx, and two worker starts of 4 s each (and tsx in each) on a busy 2-core machine. */
const SLOW = 90_000;

const neverStarted = (timeoutMs: number) => ({
  stdout: "",
  stderr:
    `toolshell: timed out after ${timeoutMs} ms (and up to ${COLD_START_GRACE_MS} ms more) waiting for a new shell ` +
    "worker to start; the script never started (retry later)\n",
  exitCode: 124,
});

describe("a run whose shell worker must be started", () => {
  it(
    "ends at its timeoutMs plus the start's grace, saying it never started: the pool's first worker, and one replacing a worker terminated at its deadline",
    async () => {
      const out = await fixtureOutput(FIXTURE, [], { nodeArgs: ["--require", SLOW_START] });
      const runs = out
        .trim()
        .split("\n")
        .map(
          (line) => JSON.parse(line) as { stdout: string; stderr: string; exitCode: number; wallMs: number },
        );
      // Before, the clock stopped while a worker started: "echo first" and "echo after" ran, each ~4.5 s late.
      expect(runs.map(({ wallMs, ...result }) => result)).toEqual([
        neverStarted(500),
        { stdout: "warm\n", stderr: "", exitCode: 0 },
        {
          stdout: "",
          stderr: "toolshell: timed out after 300 ms (the shell did not stop by itself and was terminated)\n",
          exitCode: 124,
        },
        neverStarted(500),
      ]);
    },
    SLOW,
  );
});
