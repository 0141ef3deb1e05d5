/**
 * TM-MEM-005: a shell worker's memory cap, enforced by the worker itself. V8's limit for the thread sits
 * WORKER_HEAP_HEADROOM_MB above the cap (shell-worker.ts) because V8 lets one young allocation of any size
 * through, and a full GC that then finds more live than its limit + 16 MiB aborts the whole process: node's
 * near-heap-limit callback ends the worker but gives the GC only 16 MiB more. So the cap itself is checked here,
 * at command boundaries and after each run, where ending the run (or the worker) is safe.
 */
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { WORKER_RETIRE_HEAP_SHARE } from "../limits.js";

/** The line a run ends with when its worker's heap passed the cap (the same as when V8 ends the worker). */
export function outOfMemoryMessage(capMb: number): string {
  return `the script ran out of memory (the shell's limit is ${capMb} MiB) and was stopped`;
}

/**
 * A full GC of this thread's heap, without --expose-gc on the command line: the flag is set only while one
 * context is made (V8 reads it then) and cleared at once. Undefined if this node refuses.
 */
function fullGc(): (() => void) | undefined {
  // A host started with --expose-gc has it process-wide already: it is neither set nor cleared then.
  const exposed: unknown = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === "function") return exposed as () => void;
  try {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    return typeof gc === "function" ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

/** Commands and loop iterations between two looks at the heap (one look is ~1 us; a GC only past the cap). */
const CHECK_EVERY = 8;

export class HeapGuard {
  private readonly capBytes: number;
  private readonly gc = fullGc();
  private checks = 0;

  constructor(readonly capMb: number) {
    this.capBytes = capMb * 1024 * 1024;
  }

  /**
   * Whether more than `bytes` is live. Garbage does not count: past `bytes`, two full GCs run first (the first
   * may only finish a marking that counted a just-dropped allocation as live).
   */
  private liveAbove(bytes: number): boolean {
    if (getHeapStatistics().used_heap_size <= bytes) return false;
    if (!this.gc) return true;
    this.gc();
    if (getHeapStatistics().used_heap_size <= bytes) return false;
    this.gc();
    return getHeapStatistics().used_heap_size > bytes;
  }

  /** Whether the loaded shell alone holds more than the cap: such a worker fails to start. */
  tooSmall(): boolean {
    return this.liveAbove(this.capBytes);
  }

  /** At a command boundary (sampled): whether the run holds more than the cap and must end. */
  overCap(): boolean {
    if (++this.checks % CHECK_EVERY !== 0) return false;
    return this.liveAbove(this.capBytes);
  }

  /**
   * After a run: drops what the run left reachable from this thread's globals (RegExp's last match holds its
   * input), and says whether the worker should be replaced: its heap is still above a share of the cap.
   */
  shouldRetire(): boolean {
    this.checks = 0;
    /^/.exec("");
    return this.liveAbove(this.capBytes * WORKER_RETIRE_HEAP_SHARE);
  }

  /**
   * A signal for the Stopper whose `aborted` also reads the heap: past the cap it calls `onTrip` once (the run is
   * ended from there: what the shell would still build on its way out, such as its jobs' output, could be far
   * larger than the cap) and aborts `controller`, so the run stops at that command.
   */
  watch(controller: AbortController, onTrip: () => void): { signal: AbortSignal; tripped: () => boolean } {
    const signal = controller.signal;
    let tripped = false;
    // Read on every command and loop iteration: a flag kept by a listener, not the getter's brand checks.
    let aborted = signal.aborted;
    signal.addEventListener("abort", () => {
      aborted = true;
    });
    Object.defineProperty(signal, "aborted", {
      configurable: true,
      get: () => {
        if (!aborted && this.overCap()) {
          tripped = true;
          onTrip();
          controller.abort(new Error("memory"));
        }
        return aborted;
      },
    });
    return { signal, tripped: () => tripped };
  }
}
