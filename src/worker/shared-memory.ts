/**
 * The memory the host and a shell worker share besides their spin channels: the stop flag the host sets while
 * the worker's thread is busy, and the output a script printed so far, copied out as each statement ends so that
 * the host still has it when the worker must be terminated.
 */

/** Values of the shared stop flag a host can set while the worker's thread is busy. */
export const STOP_FLAG = { none: 0, abort: 1, timeout: 2 } as const;

/** Bytes of stdout (and, separately, of stderr) a worker copies out as its script prints them. */
const STREAMED_BYTES: number = 1024 * 1024;
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

export type Stream = "stdout" | "stderr";

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
