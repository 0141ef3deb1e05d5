// 0039: in worker mode the shell worker's thread runs jq itself (no jq worker, no hop), and its host ending the
// thread at the run's deadline stops a runaway jq; inline mode keeps the jq worker. Threads are counted from the
// OS (/proc/self/task): every thread of this process, the shell workers' and their jq workers' included.
import { readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stopJqWorker } from "../../src/jq/worker.js";
import { shop } from "../helpers.js";

afterAll(() => stopJqWorker());

const threads = (): number => readdirSync("/proc/self/task").length;

/** `$__loc__` keeps a program off jq's fast path (src/jq/fast-path.ts), which answers some without jq. */
const REAL = "$__loc__ as $_ | ";

/** The thread count once it has stopped changing (a terminated worker's thread ends a little later). */
async function settledThreads(): Promise<number> {
  let count = threads();
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = threads();
    if (next === count) return count;
    count = next;
  }
  return count;
}

const CAP_ERROR =
  "jq: error: output exceeds 16 MiB and was cut there; filter it or take part of it (first(f), limit(n; f))\n";

/** Calls whose bytes and status must be the same in the shell worker's thread as in a jq worker. */
const CALLS: [string, string, { stdout: string; stderr: string | RegExp; exitCode: number }][] = [
  [
    "a filter",
    `echo '{"name":"a"}' | jq -c '${REAL}{n: .name}'`,
    { stdout: '{"n":"a"}\n', stderr: "", exitCode: 0 },
  ],
  [
    "jq's runtime error",
    `echo '[1]' | jq '${REAL}.a'; echo "exit $?"`,
    {
      stdout: "exit 5\n",
      stderr: 'jq: error (at <stdin>:1): Cannot index array with string ("a")\n',
      exitCode: 0,
    },
  ],
  [
    "a compile error",
    `jq -n '1 +'; echo "exit $?"`,
    { stdout: "exit 3\n", stderr: /syntax error/, exitCode: 0 },
  ],
  [
    "-e on false",
    `jq -ne '${REAL}false'; echo "exit $?"`,
    { stdout: "false\nexit 1\n", stderr: "", exitCode: 0 },
  ],
  [
    'invalid UTF-8 in its input (the bytes " ff fe ")',
    `echo Iv/+Ig== | base64 -d | jq -c '${REAL}[., length]'`,
    { stdout: '["\ufffd\ufffd",2]\n', stderr: "", exitCode: 0 },
  ],
  [
    "the output cap (exit 5)",
    `jq -n '${REAL}"x" * 17000000' | wc -c; echo "jq: \${PIPESTATUS[0]}"`,
    { stdout: `${16 * 2 ** 20}\njq: 5\n`, stderr: CAP_ERROR, exitCode: 0 },
  ],
  [
    "memory past the driver's cap",
    `jq -n '${REAL}[range(1e9)] | length'; echo "exit $?"`,
    { stdout: "exit 5\n", stderr: "jq: error: cannot allocate memory\n", exitCode: 0 },
  ],
];

describe("jq in worker mode", () => {
  it("runs in the shell worker's thread: no jq worker starts, and the bytes and statuses are a jq worker's", async () => {
    const worker = shop("worker");
    const inline = shop("inline");
    await worker.execute("echo warm");
    const before = await settledThreads();
    for (const [, script, expected] of CALLS) {
      const inThread = await worker.execute(script, { timeoutMs: 25_000 });
      expect(inThread).toMatchObject(expected);
      const viaJqWorker = await inline.execute(script, { timeoutMs: 25_000 });
      expect({ ...inThread, trace: [] }).toEqual({ ...viaJqWorker, trace: [] });
    }
    await stopJqWorker(); // the inline runs' jq worker, in this thread
    expect(await settledThreads()).toBe(before);
  }, 90_000);

  it("sends a call whose deadline comes before the run's end (jq's 30 s default in a longer run) to a jq worker", async () => {
    const worker = shop("worker");
    await worker.execute("echo warm");
    const before = await settledThreads();
    const long = await worker.execute(`echo '{"a":1}' | jq -c '${REAL}.'`, { timeoutMs: 60_000 });
    expect(long).toMatchObject({ stdout: '{"a":1}\n', stderr: "", exitCode: 0 });
    expect(await settledThreads()).toBe(before + 1);
  }, 30_000);

  it("stops a runaway jq at the run's deadline: the worker is ended, what the run printed is kept", async () => {
    const worker = shop("worker");
    await worker.execute("echo warm");
    for (const program of ["last(range(1e12))", "repeat(1) | empty"]) {
      const started = Date.now();
      const result = await worker.execute(`echo a; jq -n '${REAL}${program}'; echo b`, { timeoutMs: 1000 });
      expect(result).toMatchObject({
        stdout: "a\n",
        stderr: "toolshell: timed out after 1000 ms (the shell did not stop by itself and was terminated)\n",
        exitCode: 124,
      });
      // The deadline plus the kill grace, and room for a loaded machine: never jq's own 30 s default.
      expect(Date.now() - started).toBeLessThan(20_000);
      // A new worker takes the next run.
      expect(await worker.execute(`jq -n '${REAL}1'`)).toMatchObject({ stdout: "1\n", exitCode: 0 });
    }
  }, 60_000);
});

describe("jq in inline mode", () => {
  it("runs in a jq worker, which stops a runaway jq at the run's deadline as before", async () => {
    const inline = shop("inline");
    await stopJqWorker();
    const before = await settledThreads();
    const started = Date.now();
    const result = await inline.execute(`echo a; jq -n '${REAL}last(range(1e12))'; echo b`, {
      timeoutMs: 1000,
    });
    expect(result.stdout).toBe("a\n");
    // The jq worker is ended by jq's own deadline or by the run's stop signal, whichever fires first.
    expect(result.stderr).toMatch(
      /^jq: (timed out after \d+ ms|aborted)\ntoolshell: timed out after 1000 ms\n$/,
    );
    expect(result.exitCode).toBe(124);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await inline.execute(`jq -n '${REAL}1'`)).toMatchObject({ stdout: "1\n", exitCode: 0 });
    expect(await settledThreads()).toBe(before + 1);
  }, 30_000);
});
