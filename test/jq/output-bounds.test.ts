// TM-MEM-002: jq's output is bounded by what it emits, in bytes and in memory, whatever reads it and however small
// its writes are; the jq worker's heap is capped whatever heap flags the host runs with.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runJq } from "../../src/jq/worker.js";
import { fixtureOutput, runFixture } from "../fixture-process.js";
import { MODES, shop } from "../helpers.js";

const FLOOD = fileURLToPath(new URL("../fixtures/jq-output-flood.ts", import.meta.url));
const HEAP_LIMIT = fileURLToPath(new URL("../fixtures/jq-heap-limit.ts", import.meta.url));
/** jq itself takes seconds to print 16 MiB of `1\n` (8 million results); a spawned process adds node and tsx. */
const SLOW = 90_000;

const CAP_ERROR =
  "jq: error: output exceeds 16 MiB and was cut there; filter it or take part of it (first(f), limit(n; f))\n";
const STDERR_CAP_ERROR =
  "jq: error: stderr exceeds 1 MiB and was cut there; send less to debug and stderr (fewer or smaller values)\n";
/** Lines of `range(3000000)` that fit in 16 MiB: 1,000,000 up to 999999, then 1,236,040 of 8 bytes. */
const RANGE_LINES_IN_CAP = 2_236_040;

describe.each(MODES)("jq's output cap (%s)", (mode) => {
  it(
    "ends `repeat(1) | head -1` with the cap's error and exit 5, head printing the first line",
    async () => {
      const result = await shop(mode).execute(`jq -n 'repeat(1)' | head -1; echo "jq: \${PIPESTATUS[0]}"`);
      expect(result).toMatchObject({ stdout: "1\njq: 5\n", stderr: CAP_ERROR, exitCode: 0 });
    },
    SLOW,
  );

  it(
    "passes the first 16 MiB of `range(3000000)` down the pipe and says it cut there",
    async () => {
      const result = await shop(mode).execute("jq -n 'range(3000000)' | wc -l");
      expect(result).toMatchObject({ stdout: `${RANGE_LINES_IN_CAP}\n`, stderr: CAP_ERROR, exitCode: 0 });
    },
    SLOW,
  );

  it("names stderr when it is jq's stderr that passes its 1 MiB cap", async () => {
    const script = `jq -n 'repeat(1 | debug)' 2>&1 >/dev/null | tail -n 1; echo "jq: \${PIPESTATUS[0]}"`;
    const result = await shop(mode).execute(script);
    expect(result).toMatchObject({ stdout: `${STDERR_CAP_ERROR}jq: 5\n`, stderr: "", exitCode: 0 });
  });

  it("passes ordinary large outputs below the cap whole", async () => {
    const api = shop(mode);
    const lines = await api.execute("jq -n 'range(100000)' | wc -l");
    expect(lines).toMatchObject({ stdout: "100000\n", stderr: "", exitCode: 0 });
    // One 6.9 MB line, then jq reading it back.
    const array = await api.execute("jq -nc '[range(1000000)]' | jq 'length, .[-1]'");
    expect(array).toMatchObject({ stdout: "1000000\n999999\n", stderr: "", exitCode: 0 });
  });
});

describe("jq's output in memory", () => {
  it.each([
    ["worker", "jq -n 'repeat(1)' | head -1", "1\n"],
    ["worker", "jq -n 'range(3000000)' | wc -l", `${RANGE_LINES_IN_CAP}\n`],
    ["inline", "jq -n 'repeat(1)' | head -1", "1\n"],
  ])(
    "%s: `%s` stays bounded in a fresh process",
    async (mode, script, stdout) => {
      const { peakRssMb, ...result } = JSON.parse(await fixtureOutput(FLOOD, [mode, script])) as {
        peakRssMb: number;
      };
      expect(result).toEqual({ stdout, stderr: CAP_ERROR, exitCode: 0 });
      // node, tsx and the shell take ~360 MB here, plus 16 MiB of output held a few times over; one buffer per
      // write took this process past 1.4 GB (range) and 3.9 GB (repeat).
      expect(peakRssMb).toBeLessThan(800);
    },
    SLOW,
  );

  it("keeps what jq printed before it ran out of memory (its stdout is buffered, and emptied at the end)", async () => {
    const r = await runJq({
      argv: ["-n", "1, 2, ([range(1e9)] | length)"],
      stdin: new Uint8Array(0),
      maxOutputBytes: 2 ** 20,
      deadline: Date.now() + 30_000,
    });
    const decoder = new TextDecoder();
    expect([decoder.decode(r.stdout), decoder.decode(r.stderr), r.exitCode]).toEqual([
      "1\n2\n",
      "jq: error: cannot allocate memory\n",
      5,
    ]);
  }, 40_000);
});

/** Heap limits in MiB, as test/fixtures/jq-heap-limit.ts reads them. */
interface HeapLimits {
  jq: number[];
  shell: number[];
  laterWorker: number;
}

/** 64 MiB of old generation plus V8's young generation and slack: 88 MiB here; 4 GiB when the host's flag wins. */
const capped = (limitMb: number): boolean => limitMb > 0 && limitMb < 128;

describe("the jq worker's heap cap under the host's heap flags", () => {
  it.each(
    MODES.flatMap((mode) => [
      [mode, "no heap flags", [], undefined],
      [mode, "NODE_OPTIONS=--max-old-space-size=4096", [], "--max-old-space-size=4096"],
      [mode, "node --max-old-space-size=4096", ["--max-old-space-size=4096"], undefined],
    ]),
  )(
    "%s: holds with %s",
    async (mode, _, nodeArgs, nodeOptions) => {
      const limits = JSON.parse(
        await fixtureOutput(HEAP_LIMIT, [mode], { nodeArgs, nodeOptions }),
      ) as HeapLimits;
      expect(limits.jq.map(capped)).toEqual([true]);
    },
    SLOW,
  );

  it(
    "worker: holds for 8 jq workers started with 8 shell workers at once, and the host's flags come back after",
    async () => {
      const nodeOptions = "--max-old-space-size=3000";
      const limits = JSON.parse(
        await fixtureOutput(HEAP_LIMIT, ["worker", "race"], { nodeOptions }),
      ) as HeapLimits;
      // Each thread clearing and restoring the flags on its own gave 1 to 2 of 8 jq workers the host's heap in 6 of 8
      // such runs: one thread put them back while another's jq worker was being made.
      expect(limits.jq.map(capped)).toEqual(Array(8).fill(true));
      expect(limits.shell.map((limitMb) => limitMb < 3000)).toEqual(Array(8).fill(true));
      // A plain worker started afterwards has the host's 3,000 MiB again (4,144 here without any flag); V8's heap
      // limit adds the young generation to it, more on Node 24 (3,192) than on Node 20 (under 3,100).
      expect(limits.laterWorker).toBeGreaterThanOrEqual(3000);
      expect(limits.laterWorker).toBeLessThan(3300);
    },
    SLOW,
  );
});

describe("strptime's strings in the jq worker's heap", () => {
  it.each(MODES)(
    "%s: an 85 MB date string does not abort the host process",
    async (mode) => {
      const script =
        `jq -n '("1" * 85000000) | strptime("%Y")'; echo "jq $?"; ` +
        `jq -n '"2024-05-01" + " " * 100000 + "x" | strptime("%Y-%m-%d") | mktime'`;
      const exit = await runFixture(FLOOD, [mode, script]);
      // It aborted the whole process (SIGABRT): decoded, the string passed the jq worker's heap cap in one piece.
      expect([exit.status, exit.signal]).toEqual([0, null]);
      const { peakRssMb: _, ...result } = JSON.parse(exit.stdout) as { peakRssMb: number };
      // jq's own error ("date ... does not match format") then takes more than its memory; only the start of the date
      // string is read, so a long one is still read as jq reads it, up to the first byte after the date.
      expect(result).toEqual({
        stdout: "jq 5\n1714521600\n",
        stderr: "jq: error: cannot allocate memory\n",
        exitCode: 0,
      });
    },
    SLOW,
  );

  it.each(MODES)("%s: a format over 4 KiB matches nothing", async (mode) => {
    const result = await shop(mode).execute(
      `jq -n '"2024" | strptime("%Y" + " " * 4100)' 2>&1 | tr -s ' '; jq -n '"2024" | strptime("%Y" + " " * 4000) | mktime'`,
    );
    expect(result).toMatchObject({
      stdout: 'jq: error (at <unknown>): date "2024" does not match format "%Y "\n1704067200\n',
      stderr: "",
      exitCode: 0,
    });
  });
});

describe.each(MODES)("jq's arguments (%s)", (mode) => {
  it(
    "refuses 80 MB of arguments before they reach the jq worker's capped heap",
    async () => {
      const args = Array.from({ length: 10 }, (_, i) => `--arg a${i} "$v"`).join(" ");
      const result = await shop(mode).execute(`v=$(printf '%08000000d' 0); jq -n ${args} 1; echo "jq $?"`);
      expect(result).toMatchObject({
        stdout: "jq 2\n",
        stderr: "jq: error: argument list too long (over 262144 bytes)\n",
        exitCode: 0,
      });
    },
    SLOW,
  );
});
