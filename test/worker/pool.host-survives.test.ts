// TM-MEM-005: no script or tool result can abort the host process through a shell worker's heap. Each case runs in
// a child process (an abort there is exit 134, which no in-process test could survive to report), several runs in
// a row, each followed by close() (the worker's teardown, where a GC over the limit also aborted the process).
// Worker mode only: inline runs have no worker heap of their own.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runFixture } from "../fixture-process.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/heap-abuse.ts", import.meta.url));
/** node, tsx, a worker start per run and hundreds of MB built per run, on a busy 2-core machine. */
const SLOW = 120_000;

/** One 10,000,000-byte value: about the most one shell variable may hold (10 MiB). */
const TEN_MB = 'x=$(printf "%010000000d" 0)';
/** `n` variables of 10 MB each, held live by the run. */
const hold = (n: number) => `for i in $(seq 1 ${n}); do eval "v$i=\\"\\\${x}\\$i\\""; done`;
/** A word of `n` times $x: just-bash joins it (n x 10 MB in one allocation) before its 10 MiB length check. */
const word = (n: number) => `y="${"$x".repeat(n)}"; echo "$y" | wc -c`;

interface Child {
  status: number | null;
  signal: NodeJS.Signals | null;
  lines: unknown[];
  stderr: string;
}

async function runChild(script: string, runs: number, timeoutMs = 10_000): Promise<Child> {
  const exit = await runFixture(FIXTURE, [script, String(runs), String(timeoutMs)]);
  const lines = exit.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => (line.startsWith("{") ? JSON.parse(line) : line));
  return {
    status: exit.status,
    signal: exit.signal,
    lines,
    stderr: exit.stderr.split("\n").slice(0, 3).join("\n"),
  };
}

/** What a surviving child prints: each run's result, then that the host is alive. */
function survived(runs: number, result: { stdout: string; stderr: string; exitCode: number }) {
  return { status: 0, signal: null, lines: [...Array.from({ length: runs }, () => result), "host alive"] };
}

/** What the shell adds to a byte limit's line (src/shell/limit-messages.ts). */
const BYTES_ADVICE =
  "; one value, input or output may hold at most that many bytes here: filter or cut the data first (grep, head, jq) or work on it in parts\n";

const TOO_LONG = {
  stdout: "",
  stderr: `bash: word expansion: string length limit exceeded (10485760 bytes)${BYTES_ADVICE}`,
  exitCode: 126,
};
const OUT_OF_MEMORY = {
  stdout: "",
  stderr: "toolshell: the script ran out of memory (the shell's limit is 256 MiB) and was stopped\n",
  exitCode: 1,
};

describe("the host process under a shell worker's heap abuse", () => {
  it(
    "survives a 200 MB word built while 220 MB are held (it aborted on the first run 6 times in 6)",
    async () => {
      const { stderr, ...child } = await runChild(`${TEN_MB}; ${hold(22)}; ${word(20)}`, 5);
      expect(child, stderr).toEqual(survived(5, TOO_LONG));
    },
    SLOW,
  );

  it(
    "survives ten runs of a 300 MB word, each followed by close()",
    async () => {
      const { stderr, ...child } = await runChild(`${TEN_MB}; ${word(30)}`, 10);
      expect(child, stderr).toEqual(survived(10, TOO_LONG));
    },
    SLOW,
  );

  it(
    "survives a 1 GB word of two-byte characters, V8's biggest single string (it aborted 8 hosts in 8)",
    async () => {
      const euros = 'x=$(printf "%03000000d" 0 | tr 0 "€")';
      const { stderr, ...child } = await runChild(`${euros}; ${hold(20)}; ${word(170)}`, 5);
      expect(child, stderr).toEqual(survived(5, TOO_LONG));
    },
    SLOW,
  );

  it(
    "ends a run holding 600 MB with 'ran out of memory', and the next run gets a fresh worker",
    async () => {
      const { stderr, ...child } = await runChild(`${TEN_MB}; ${hold(60)}; echo held`, 3);
      expect(child, stderr).toEqual(survived(3, OUT_OF_MEMORY));
    },
    SLOW,
  );

  it(
    "ends a run holding forty 9 MB strings from a tool with 'ran out of memory'",
    async () => {
      const { stderr, ...child } = await runChild(
        'x=$(nine); for i in $(seq 1 40); do a[$i]="$x$i"; done',
        3,
      );
      expect(child, stderr).toEqual(survived(3, OUT_OF_MEMORY));
    },
    SLOW,
  );

  it(
    "terminates at its deadline a worker holding 150 MB inside one long command, and carries on",
    async () => {
      // The 150 MB are held well before the deadline even on a loaded machine. The sed then scans the 10 MB four
      // times (about 5 s each here) for a match it never finds: one synchronous call far longer than the deadline
      // and its 200 ms grace, which reads no abort signal (so no heap check) and allocates little on the way.
      const pattern = (digit: number) => `/\\(0\\|00\\|000\\)*${digit}/p`;
      const stuck = `echo "$x" | sed -n "${[1, 2, 3, 4].map(pattern).join(";")}" | wc -c`;
      const { stderr, ...child } = await runChild(`${TEN_MB}; ${hold(15)}; echo held; ${stuck}`, 2, 3_000);
      expect(child, stderr).toEqual(
        survived(2, {
          stdout: "held\n",
          stderr:
            "toolshell: timed out after 3000 ms (the shell did not stop by itself and was terminated)\n",
          exitCode: 124,
        }),
      );
    },
    SLOW,
  );

  it(
    "takes a tool's 200 MB result into a pipe, jq and $(...) (the registry cuts it to 16 MiB first)",
    async () => {
      const { stderr, ...child } = await runChild("huge | wc -c; huge | jq -Rs length; x=$(huge)", 3);
      expect(child, stderr).toEqual(
        survived(3, {
          stdout: "16777311\n16777311\n",
          stderr: `bash: command substitution: string length limit exceeded (10485760 bytes)${BYTES_ADVICE}`,
          exitCode: 126,
        }),
      );
    },
    SLOW,
  );
});
