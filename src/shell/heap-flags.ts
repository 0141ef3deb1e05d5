/**
 * TM-MEM-001: V8's heap-size flags are process-wide. A host started with `--max-old-space-size` (on its command
 * line or in NODE_OPTIONS) has them set for every isolate it creates, and V8 lets them override a Worker's
 * `resourceLimits`: a shell worker capped at 256 MiB grew to the host's 4 GiB. Clearing the worker's `execArgv`
 * or `env` does not help (measured: the flag is applied once, to the process). So while a shell worker's isolate
 * is being created the flags are set to 0 (V8's "not set"), and put back to the host's values once it runs.
 */
import { setFlagsFromString } from "node:v8";

/** The V8 flags that size a heap and would override a worker's resource limits. */
const HEAP_FLAGS = ["max-old-space-size", "max-heap-size", "max-semi-space-size"] as const;

const FLAG = /^--(max[-_]old[-_]space[-_]size|max[-_]heap[-_]size|max[-_]semi[-_]space[-_]size)=(\d+)$/;

/**
 * The host's values of the heap flags as its process was started: NODE_OPTIONS first, then the command line,
 * which wins (the order node applies them in). A flag set later with `v8.setFlagsFromString` is not seen.
 */
function hostHeapFlags(): Map<string, string> {
  const values = new Map<string, string>();
  for (const word of [...(process.env.NODE_OPTIONS ?? "").split(/\s+/), ...process.execArgv]) {
    const match = FLAG.exec(word);
    if (match?.[1] && match[2]) values.set(match[1].replaceAll("_", "-"), match[2]);
  }
  return values;
}

const host = hostHeapFlags();
/** Workers whose isolate is being created right now, with the flags cleared. */
let creating = 0;

function setHeapFlags(values: ReadonlyMap<string, string>): void {
  for (const name of HEAP_FLAGS) setFlagsFromString(`--${name}=${values.get(name) ?? "0"}`);
}

/**
 * Clears the heap flags until the returned function is called (once the worker runs, or died first); calls may
 * overlap, the host's values come back when the last one ends.
 */
export function clearHeapFlags(): () => void {
  if (creating++ === 0) setHeapFlags(new Map());
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--creating === 0) setHeapFlags(host);
  };
}
