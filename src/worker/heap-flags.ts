/**
 * TM-MEM-001: V8's heap-size flags are process-wide. A host started with `--max-old-space-size` (on its command
 * line or in NODE_OPTIONS) has them set for every isolate it creates, and V8 lets them override a Worker's
 * `resourceLimits`: a shell worker capped at 256 MiB grew to the host's 4 GiB. Clearing the worker's `execArgv`
 * or `env` does not help (measured: the flag is applied once, to the process). So while a capped worker's isolate
 * is being created the flags are set to 0 (V8's "not set"), and put back to the host's values once it runs.
 *
 * TM-MEM-002: jq workers are started inside shell workers too, so the clearing is process-wide, not per thread: one
 * shared state (a lock, how many isolates are being made with the flags cleared, the host's values to put back) is
 * made by the host and handed to each shell worker in its workerData. Without the lock, one thread putting the
 * flags back while another's worker is still being made gave that worker the host's heap. Each thread's count is
 * also kept apart, so the host takes back what a shell worker still held when it ended (terminated while its jq
 * worker was starting) instead of leaving the flags cleared for good.
 */
import { setFlagsFromString } from "node:v8";
import { workerData } from "node:worker_threads";

/** The V8 flags that size a heap and would override a worker's resource limits. */
const HEAP_FLAGS = ["max-old-space-size", "max-heap-size", "max-semi-space-size"] as const;

const FLAG = /^--(max[-_]old[-_]space[-_]size|max[-_]heap[-_]size|max[-_]semi[-_]space[-_]size)=(\d+)$/;

/** Int32 slots of the shared state: the lock, the isolates being made, then the host's value of each flag. */
const LOCK = 0;
const CREATING = 1;
const VALUES = 2;

/** What a shell worker is given (workerData.heapFlags): the process-wide state and its own count. */
export interface HeapFlagShare {
  state: SharedArrayBuffer;
  holds: SharedArrayBuffer;
}

interface Share {
  state: Int32Array;
  holds: Int32Array;
}

/**
 * The host's values of the heap flags as its process was started: NODE_OPTIONS first, then the command line,
 * which wins (the order node applies them in). A flag set later with `v8.setFlagsFromString` is not seen.
 */
function hostHeapFlags(): Map<string, number> {
  const values = new Map<string, number>();
  for (const word of [...(process.env.NODE_OPTIONS ?? "").split(/\s+/), ...process.execArgv]) {
    const match = FLAG.exec(word);
    if (match?.[1] && match[2]) values.set(match[1].replaceAll("_", "-"), Number(match[2]));
  }
  return values;
}

function counter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** The state handed to this thread (a shell worker), else a new one with this thread's flags (the host). */
function ownShare(): Share {
  const given =
    typeof workerData === "object" && workerData !== null
      ? (workerData as { heapFlags?: Partial<HeapFlagShare> }).heapFlags
      : undefined;
  if (given?.state instanceof SharedArrayBuffer && given.holds instanceof SharedArrayBuffer) {
    return { state: new Int32Array(given.state), holds: new Int32Array(given.holds) };
  }
  const state = new Int32Array(new SharedArrayBuffer(4 * (VALUES + HEAP_FLAGS.length)));
  const host = hostHeapFlags();
  HEAP_FLAGS.forEach((name, i) => {
    state[VALUES + i] = host.get(name) ?? 0;
  });
  return { state, holds: counter() };
}

const own = ownShare();

/** Runs `change` holding the process-wide lock (held for a few flag writes; Atomics.wait is allowed in node). */
function locked(change: () => void): void {
  const { state } = own;
  while (Atomics.compareExchange(state, LOCK, 0, 1) !== 0) Atomics.wait(state, LOCK, 1, 1);
  try {
    change();
  } finally {
    Atomics.store(state, LOCK, 0);
    Atomics.notify(state, LOCK, 1);
  }
}

function setHeapFlags(host: boolean): void {
  HEAP_FLAGS.forEach((name, i) => {
    setFlagsFromString(`--${name}=${host ? Atomics.load(own.state, VALUES + i) : 0}`);
  });
}

function hold(holds: Int32Array): void {
  locked(() => {
    Atomics.add(holds, 0, 1);
    if (Atomics.add(own.state, CREATING, 1) === 0) setHeapFlags(false);
  });
}

/** Takes back up to `count` of what `holds` holds; the host's values come back when nothing is held any more. */
function release(holds: Int32Array, count: number): void {
  locked(() => {
    const taken = Math.min(count, Atomics.load(holds, 0));
    if (taken <= 0) return;
    Atomics.sub(holds, 0, taken);
    if (Atomics.sub(own.state, CREATING, taken) === taken) setHeapFlags(true);
  });
}

/**
 * Clears the heap flags, in the whole process, until the returned function is called (once the worker runs, or
 * died first); calls may overlap, from any thread that has the state: the host's values come back when the last
 * one ends.
 */
export function clearHeapFlags(): () => void {
  hold(own.holds);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    release(own.holds, 1);
  };
}

/**
 * The state a new shell worker is given (as workerData.heapFlags) to clear the flags for the workers it starts, and
 * what takes back whatever it still holds once it has exited.
 */
export function shareHeapFlags(): { heapFlags: HeapFlagShare; releaseAll: () => void } {
  const holds = counter();
  return {
    heapFlags: { state: own.state.buffer as SharedArrayBuffer, holds: holds.buffer as SharedArrayBuffer },
    releaseAll: () => release(holds, Number.POSITIVE_INFINITY),
  };
}
