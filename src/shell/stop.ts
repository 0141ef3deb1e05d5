import { setMaxListeners } from "node:events";
import type { Bash, BashOptions, TransformPlugin } from "#just-bash";

type ExecutionLimits = Required<NonNullable<BashOptions["executionLimits"]>>;

/** Why a run was stopped before it finished. */
export type StopReason = "timeout" | "abort";

/** Values of the shared stop flag a host can set while the worker's thread is busy. */
export const STOP_FLAG = { none: 0, abort: 1, timeout: 2 } as const;

/** Where the request to stop comes from: a deadline, an abort signal, and (in a worker) a shared flag. */
export interface StopSources {
  deadline: number;
  signal?: AbortSignal;
  flag?: Int32Array;
}

/** The lines just-bash prints for the limits the stopper trips; replaced by one line that says why. */
const TRIPPED =
  /^bash: .*(too many commands executed \(>0\)|too many iterations|loop iterations|limit exceeded \(0\)|aborted|exceeded execution deadline).*\n/gm;

/**
 * Why an aborted signal stopped a run or a call: the clocks of runs and calls abort with a TimeoutError when
 * their deadline passes (a timer may fire a moment before `Date.now()` reaches it), anything else is an abort.
 */
export function signalReason(signal: AbortSignal): StopReason {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === "TimeoutError" ? "timeout" : "abort";
}

/** The limits the stopper lowers to zero to end a run at its next command. */
const GUARDED = ["maxCommandCount", "maxLoopIterations"] as const;

/** The run's limits object (a private field of the pinned just-bash), when it has the shape we rely on. */
function limitsOf(bash: Bash): ExecutionLimits | undefined {
  const limits: unknown = (bash as unknown as { limits?: unknown }).limits;
  if (typeof limits !== "object" || limits === null) return undefined;
  for (const key of GUARDED) {
    const descriptor = Object.getOwnPropertyDescriptor(limits, key);
    if (!descriptor?.configurable || typeof descriptor.value !== "number") return undefined;
  }
  return limits as ExecutionLimits;
}

/**
 * Stops a run at its next command while keeping everything it printed. just-bash drops the output of a run
 * stopped through its AbortSignal, but keeps it for a run that trips a limit. So the stopper turns the run's
 * command and loop limits into getters that check the stop sources (a deadline, the host's abort, a shared flag)
 * and read zero once a stop is due: the very next command trips a limit and the output is kept.
 *
 * just-bash reads those limits before every command and loop iteration, so no signal is given to `exec` at all:
 * with one, every command would also pay for an AbortController and a revocation error (~25% of a command's
 * cost). If the limits cannot be hooked (an upgrade changed them), `signal` is a polling signal that never
 * fires, as a fallback. Our own commands that wait (jq, sleep) listen to `commandSignal`, which does fire.
 */
export class Stopper {
  reason: StopReason | undefined;
  /** For just-bash's exec: undefined when the limits are hooked (the fast path), else a polling signal. */
  signal: AbortSignal | undefined;
  private readonly commands = new AbortController();
  /** For our commands: aborted when the run is stopped. */
  readonly commandSignal: AbortSignal = this.commands.signal;

  constructor(private readonly sources: StopSources) {
    // Concurrent jobs' commands each listen (jq, sleep): no warning for fan-out.
    setMaxListeners(0, this.commandSignal);
    sources.signal?.addEventListener("abort", () => this.check(), { once: true });
  }

  /**
   * Hooks the run's limits (a private field of the pinned just-bash). Returns false when their shape is not the
   * expected one; the stopper then falls back to a polling signal (set `signal` before calling `exec`).
   */
  attach(bash: Bash): boolean {
    const limits = limitsOf(bash);
    if (!limits) {
      this.signal = this.pollingSignal();
      return false;
    }
    for (const key of GUARDED) {
      let value = limits[key];
      Object.defineProperty(limits, key, {
        configurable: true,
        enumerable: true,
        get: () => (this.check() ? 0 : value),
        set: (next: number) => {
          value = next;
        },
      });
    }
    this.signal = undefined;
    return true;
  }

  /**
   * The fallback: a signal whose `aborted` reads the stop sources. just-bash then stops the run at its next
   * command as an abort, which loses what the run printed, but the run still ends on time.
   */
  private pollingSignal(): AbortSignal {
    const signal = new AbortController().signal;
    setMaxListeners(0, signal);
    Object.defineProperty(signal, "aborted", { get: () => this.check() });
    return signal;
  }

  /** just-bash's `sleep`: ends early at the deadline or on a stop, so the next command can trip. */
  readonly sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (this.check()) return resolve();
      const wait = Math.max(0, Math.min(ms, this.sources.deadline - Date.now()));
      const done = () => {
        clearTimeout(timer);
        this.commandSignal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.commandSignal.addEventListener("abort", done, { once: true });
    });

  /** True once the run is to stop; the first time, records why and lowers the limits. */
  private check(): boolean {
    if (this.reason) return true;
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (flag === STOP_FLAG.timeout || Date.now() >= this.sources.deadline) this.stop("timeout");
    else if (flag === STOP_FLAG.abort) this.stop("abort");
    else if (this.sources.signal?.aborted) this.stop(signalReason(this.sources.signal));
    return this.reason !== undefined;
  }

  private stop(reason: StopReason): void {
    this.reason = reason;
    this.commands.abort(new DOMException(reason, reason === "timeout" ? "TimeoutError" : "AbortError"));
  }

  /** Words the outcome of a stopped run; a stop asked for by the host after the last command still counts. */
  finish(stderr: string, exitCode: number, timeoutMs: number): { stderr: string; exitCode: number } {
    const flag = this.sources.flag ? Atomics.load(this.sources.flag, 0) : STOP_FLAG.none;
    if (!this.reason && flag === STOP_FLAG.timeout) this.reason = "timeout";
    if (!this.reason && flag === STOP_FLAG.abort) this.reason = "abort";
    if (!this.reason && this.sources.signal?.aborted) this.reason = signalReason(this.sources.signal);
    if (!this.reason) return { stderr, exitCode };
    const cleaned = stderr.replace(TRIPPED, "");
    if (this.reason === "timeout")
      return { stderr: `${cleaned}toolshell: timed out after ${timeoutMs} ms\n`, exitCode: 124 };
    return { stderr: `${cleaned}toolshell: aborted\n`, exitCode: 130 };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Output kept when a worker has to be terminated.

/** Bytes of stdout (and, separately, of stderr) a worker copies out as its script prints them. */
export const STREAMED_BYTES: number = 1024 * 1024;
const HEADER_BYTES = 16;
/** Header slots (Int32): bytes written to stdout, to stderr, and whether either overflowed. */
const SLOT = { stdout: 0, stderr: 1, overflow: 2 } as const;

/** A SharedArrayBuffer for one worker's streamed output, created by the host. */
export function streamBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + 2 * STREAMED_BYTES);
}

/** Forgets what the previous run on this buffer streamed; the host calls it before each run. */
export function resetStream(buffer: SharedArrayBuffer): void {
  new Int32Array(buffer, 0, 3).fill(0);
}

/** What a run had printed when its worker was terminated (the host reads it afterwards). */
export function readStream(buffer: SharedArrayBuffer): { stdout: string; stderr: string; cut: boolean } {
  const header = new Int32Array(buffer, 0, 3);
  const text = (slot: 0 | 1) =>
    Buffer.from(buffer, HEADER_BYTES + slot * STREAMED_BYTES, Atomics.load(header, slot)).toString("utf8");
  return {
    stdout: text(SLOT.stdout),
    stderr: text(SLOT.stderr),
    cut: Atomics.load(header, SLOT.overflow) !== 0,
  };
}

type Stream = "stdout" | "stderr";

/**
 * Copies the output of each finished top-level statement of a run into a SharedArrayBuffer, so that the host
 * still has it if the worker must be terminated (a command stuck in synchronous code). One copy per top-level
 * statement, no message.
 */
export class OutputSink {
  private readonly header: Int32Array;
  private readonly bytes: Buffer;
  private stdout: string | undefined;
  private stdoutKind: string | undefined;
  private stderr: string | undefined;

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 3);
    this.bytes = Buffer.from(buffer, HEADER_BYTES, 2 * STREAMED_BYTES);
  }

  /** A chunk just-bash appended at script level; a statement's own output is the last one before its boundary. */
  note(stream: Stream, chunk: string, kind: string | undefined): void {
    if (stream === "stdout") {
      this.stdout = chunk;
      this.stdoutKind = kind;
    } else this.stderr = chunk;
  }

  /** A top-level statement ended: copies what it printed. */
  boundary(): void {
    if (this.stdout) this.write("stdout", this.stdout, this.stdoutKind);
    if (this.stderr) this.write("stderr", this.stderr, undefined);
    this.stdout = undefined;
    this.stderr = undefined;
  }

  private write(stream: Stream, chunk: string, kind: string | undefined): void {
    const slot = stream === "stdout" ? SLOT.stdout : SLOT.stderr;
    const used = Atomics.load(this.header, slot);
    const start = slot * STREAMED_BYTES + used;
    const room = STREAMED_BYTES - used;
    const encoding = kind === "bytes" ? "latin1" : "utf8";
    const written = room > 0 ? this.bytes.write(chunk, start, room, encoding) : 0;
    Atomics.store(this.header, slot, used + written);
    if (written < Buffer.byteLength(chunk, encoding)) Atomics.store(this.header, SLOT.overflow, 1);
  }
}

type Append = (
  this: { site?: unknown },
  stream: Stream,
  chunk: string,
  accounted?: number,
  kind?: string,
) => void;

let activeSink: OutputSink | undefined;

/** The sink of the run now executing on this thread (a worker runs one script at a time), or none. */
export function streamTo(sink: OutputSink | undefined): void {
  activeSink = sink;
}

/**
 * Hooks just-bash's output accumulator (`ExecutionOutputAccumulator#append`, internal to the pinned just-bash)
 * so that the active {@link OutputSink} sees every chunk appended at script level. Returns a function that undoes
 * the hook, or undefined when the shape is not the expected one. Costs one comparison per appended chunk.
 */
export function hookScriptOutput(accumulator: { prototype?: unknown }): (() => void) | undefined {
  const proto = accumulator.prototype as { append?: unknown } | undefined;
  if (typeof proto?.append !== "function") return undefined;
  const original = proto.append as Append;
  const patched: Append = function (stream, chunk, accounted, kind) {
    if (activeSink !== undefined && this.site === "script") activeSink.note(stream, chunk, kind);
    original.call(this, stream, chunk, accounted, kind);
  };
  proto.append = patched;
  return () => {
    if (proto.append === patched) proto.append = original;
  };
}

/**
 * A transform plugin that marks the boundaries between the top-level statements of the first script it sees
 * (a run's main script; its background jobs come later): just-bash walks `statements` with an iterator, and
 * asks for the next statement right after it appended the previous one's output to the script's accumulator.
 */
export function statementBoundaries(sink: OutputSink): TransformPlugin {
  let armed = true;
  return {
    name: "toolshell-output-stream",
    transform({ ast }) {
      if (!armed) return { ast };
      armed = false;
      const statements = ast.statements;
      Object.defineProperty(statements, Symbol.iterator, {
        configurable: true,
        value: function* () {
          for (let index = 0; index < statements.length; index++) {
            if (index > 0) sink.boundary();
            yield statements[index];
          }
          sink.boundary();
        },
      });
      return { ast };
    },
  };
}
