/**
 * The tool process wire format: each message is a frame, a 4-byte big-endian length and then that many bytes of
 * UTF-8 JSON (one object with a string `type`). Both ends use it: the host (src/process/connect.ts) and a tool
 * process written in Node (src/process/serve.ts).
 */
import { MAX_TOOL_PROCESS_FRAME_BYTES } from "../limits.js";

/** A message of the protocol: an object with its type; the other fields depend on the type. */
export interface Frame {
  type: string;
  [field: string]: unknown;
}

/** What a peer sent that is not a frame of the protocol: the connection cannot go on. */
export class FrameError extends Error {
  override name = "FrameError";
}

/** The bytes of one frame; throws when its JSON is larger than `max` bytes. */
export function encodeFrame(message: Frame, max: number = MAX_TOOL_PROCESS_FRAME_BYTES): Buffer {
  const body = Buffer.from(JSON.stringify(message), "utf8");
  if (body.length > max) {
    throw new FrameError(`a frame of ${body.length} bytes is over the limit of ${max} bytes`);
  }
  const frame = Buffer.allocUnsafe(4 + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, 4);
  return frame;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads frames from a byte stream as its chunks come. A length over `max`, bytes that are not UTF-8, JSON that
 * does not parse or a value that is not an object with a string `type` throws FrameError; the reader is then
 * spent (it throws the same error again), since nothing after a bad frame can be trusted to start a frame.
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private failed: FrameError | undefined;

  constructor(private readonly max: number = MAX_TOOL_PROCESS_FRAME_BYTES) {}

  /** The frames that `chunk` completes, in order. */
  push(chunk: Buffer): Frame[] {
    if (this.failed) throw this.failed;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const frames: Frame[] = [];
    try {
      for (;;) {
        const frame = this.next();
        if (frame === undefined) return frames;
        frames.push(frame);
      }
    } catch (error) {
      this.failed = error instanceof FrameError ? error : new FrameError(String(error));
      this.chunks = [];
      throw this.failed;
    }
  }

  /** Bytes of a frame begun but not ended (0 between frames). */
  get pending(): number {
    return this.buffered;
  }

  private next(): Frame | undefined {
    if (this.buffered < 4) return undefined;
    const head = this.take(4, false);
    const length = head.readUInt32BE(0);
    if (length > this.max) {
      throw new FrameError(`a frame of ${length} bytes is over the limit of ${this.max} bytes`);
    }
    if (this.buffered < 4 + length) return undefined;
    this.take(4, true);
    const body = this.take(length, true);
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      throw new FrameError("a frame is not UTF-8");
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new FrameError(`a frame is not JSON: ${JSON.stringify(text.slice(0, 60))}`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new FrameError("a frame is not a JSON object");
    }
    if (typeof (value as { type?: unknown }).type !== "string") {
      throw new FrameError("a frame has no string `type`");
    }
    return value as Frame;
  }

  /** The first `count` buffered bytes, removed from the buffer when `consume`. */
  private take(count: number, consume: boolean): Buffer {
    if (this.chunks[0] && this.chunks[0].length < count) {
      this.chunks = [Buffer.concat(this.chunks)];
    }
    const first = this.chunks[0] as Buffer;
    const bytes = first.subarray(0, count);
    if (consume) {
      this.buffered -= count;
      if (first.length === count) this.chunks.shift();
      else this.chunks[0] = first.subarray(count);
    }
    return bytes;
  }
}
