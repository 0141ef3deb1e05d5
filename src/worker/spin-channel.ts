/**
 * A one-message channel between the host and a worker, in shared memory, for a receiver that is awake and
 * watching. On this machine class waking a sleeping thread is the costliest part of a tool call in a worker: a
 * postMessage to an idle thread costs its sender ~30-80 µs and the receiver ~50-100 µs more before it runs. So
 * a receiver that expects a message soon arms the channel and watches it for a short while; a sender that finds
 * it armed writes the message there (serialized as postMessage would, with v8's serializer) and wakes nobody.
 * Otherwise, or when the message does not fit, the sender posts it as usual.
 *
 * One 32-bit word holds a tag and the channel's state, so that every change is one compare-and-exchange and a
 * message can never be taken for another one's: the receiver arms the channel with a tag (the call a worker
 * waits for; 0 when any message will do), the sender fills it only while it is armed with the tag it answers,
 * and the receiver, if it stops watching first, disarms it and then gets the message by postMessage instead.
 */
import { deserialize, serialize } from "node:v8";
import type { LostMessage } from "./protocol.js";

/**
 * TM-DOS-002: what a channel gives in place of a message it could not deserialize; its receiver decides what that
 * means (on the host: a message from the shell was lost). Never a message of the protocol, so never taken for one.
 */
export class Unreadable {
  constructor(readonly reason: string) {}
}

const HEADER_BYTES = 8;
/** Bigger messages are posted. */
export const CHANNEL_BYTES: number = 256 * 1024;

const STATE = { armed: 1, full: 2, disarmed: 3 } as const;
const WORD = { state: 0, length: 1 } as const;
/** Tags wrap well before tag * 4 would overflow an Int32. */
export const TAG_LIMIT: number = 1 << 28;

const word = (tag: number, state: number): number => tag * 4 + state;

/** A channel's memory, created by the host. */
export function spinChannel(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + CHANNEL_BYTES);
}

/** Either side of one channel. */
export class SpinChannel {
  private readonly header: Int32Array;
  private readonly bytes: Buffer;

  constructor(private readonly buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 2);
    this.bytes = Buffer.from(buffer, HEADER_BYTES, CHANNEL_BYTES);
  }

  /** Receiver: watch for a message answering `tag`. */
  arm(tag: number): void {
    Atomics.store(this.header, WORD.state, word(tag, STATE.armed));
  }

  /** Receiver: true while the channel is armed with `tag` or holds its message. */
  watching(tag: number): boolean {
    const state = Atomics.load(this.header, WORD.state);
    return state === word(tag, STATE.armed) || state === word(tag, STATE.full);
  }

  /** Receiver: the message for `tag` if it has come (the channel stays armed for the next one), else undefined. */
  take(tag: number): unknown {
    if (Atomics.load(this.header, WORD.state) !== word(tag, STATE.full)) return undefined;
    const message = this.read();
    Atomics.store(this.header, WORD.state, word(tag, STATE.armed));
    return message;
  }

  /** Receiver: stop watching; returns the message for `tag` if it came in the meantime. */
  disarm(tag: number): unknown {
    const before = Atomics.compareExchange(
      this.header,
      WORD.state,
      word(tag, STATE.armed),
      word(tag, STATE.disarmed),
    );
    if (before !== word(tag, STATE.full)) return undefined;
    const message = this.read();
    Atomics.store(this.header, WORD.state, word(tag, STATE.disarmed));
    return message;
  }

  /** Sender: true when the receiver, watching for `tag`, now has `message`; false means: post it. */
  offer(tag: number, message: unknown): boolean {
    const armed = word(tag, STATE.armed);
    if (Atomics.load(this.header, WORD.state) !== armed) return false;
    const bytes = serialized(message);
    // Posted instead (too big, or its sender sees the failure there): the receiver stops watching now.
    if (!bytes || bytes.byteLength > CHANNEL_BYTES) {
      Atomics.compareExchange(this.header, WORD.state, armed, word(tag, STATE.disarmed));
      return false;
    }
    this.bytes.set(bytes);
    Atomics.store(this.header, WORD.length, bytes.byteLength);
    return Atomics.compareExchange(this.header, WORD.state, armed, word(tag, STATE.full)) === armed;
  }

  /** The message, or, when it cannot be deserialized, an Unreadable saying why (TM-DOS-002; never a throw). */
  private read(): unknown {
    const length = Atomics.load(this.header, WORD.length);
    try {
      return deserialize(Buffer.from(this.buffer, HEADER_BYTES, length));
    } catch (error) {
      return new Unreadable(errorText(error));
    }
  }
}

function serialized(message: unknown): Buffer | undefined {
  try {
    return serialize(message);
  } catch {
    return undefined;
  }
}

/** A serializer's error, as a lost message's reason. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a worker tells the host of a message it could not `read` (deserialize) or `sent` (serialize), and why. */
export function lostMessage(failed: "read" | "sent", error: unknown): LostMessage {
  return { type: "lost", failed, reason: error instanceof Unreadable ? error.reason : errorText(error) };
}

/**
 * How long a receiver watches a channel after it expects a message on it (a run started, a call answered, a run
 * ended), on its event loop between its other work. A sender within this window wakes nobody; past it, the
 * receiver sleeps until the message comes by postMessage.
 */
export const WATCH_MS = 1;

/**
 * About the longest a ChannelWatcher looks at its channels before it lets its thread's event loop run: other
 * callbacks wait this much longer while a channel is watched, plus up to 32 looks over every watched channel (the
 * clock is read every 32 looks) and any delivery's own synchronous work.
 */
const PASS_MS = 0.05;

/** Watches in a row that end with no message before a channel's watching pauses... */
export const MISSES_BEFORE_PAUSE = 3;
/** ...for this many of the watches asked for next; then it is tried again. */
export const PAUSED_WATCHES = 32;

/**
 * The pace of a wait that keeps coming up empty (a watch whose message comes after its window, a spin whose
 * answer comes after it): after `missesBeforePause` misses in a row, the next `paused` waits are skipped, then it
 * is tried again. A hit starts the count again.
 */
export class Pace {
  private misses = 0;
  private skipping = 0;

  constructor(
    private readonly missesBeforePause: number,
    private readonly paused: number,
  ) {}

  /** Whether to wait this time; while paused, false, and one skip fewer is left. */
  allows(): boolean {
    if (this.skipping === 0) return true;
    this.skipping--;
    return false;
  }

  hit(): void {
    this.misses = 0;
  }

  miss(): void {
    if (++this.misses < this.missesBeforePause) return;
    this.misses = 0;
    this.skipping = this.paused;
  }
}

/**
 * Watches channels armed with tag 0 (any message will do), one `setImmediate` pass at a time, so the thread's
 * event loop is never blocked. Each message found goes to the channel's `deliver`.
 *
 * Paced per channel: when a channel's messages keep coming after the window (a worker still warming up its JIT
 * takes 1-3 ms between calls; runs started seconds apart), watching it only burns a core that the other thread
 * and V8's compiler and GC threads need, so after MISSES_BEFORE_PAUSE such watches in a row the next
 * PAUSED_WATCHES watches of that channel are skipped (its messages come by postMessage meanwhile).
 */
export class ChannelWatcher {
  /** Each watched channel: until when, where its messages go, and whether one came since it was last watched. */
  private readonly watched = new Map<
    SpinChannel,
    { until: number; deliver: (message: unknown) => void; found: boolean }
  >();
  private readonly paces = new WeakMap<SpinChannel, Pace>();
  private scheduled = false;

  /**
   * Watches `channel` for the next WATCH_MS (arming it if it was not watched), unless its watching is paused;
   * returns whether it watches.
   */
  watch(channel: SpinChannel, deliver: (message: unknown) => void): boolean {
    if (!this.watched.has(channel)) {
      if (!this.paceOf(channel).allows()) return false;
      channel.arm(0);
    }
    this.watched.set(channel, { until: performance.now() + WATCH_MS, deliver, found: false });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.pass);
    }
    return true;
  }

  private paceOf(channel: SpinChannel): Pace {
    let pace = this.paces.get(channel);
    if (!pace) {
      pace = new Pace(MISSES_BEFORE_PAUSE, PAUSED_WATCHES);
      this.paces.set(channel, pace);
    }
    return pace;
  }

  /** Stops watching `channel`; a message that came meanwhile is delivered. */
  forget(channel: SpinChannel): void {
    const entry = this.watched.get(channel);
    if (!entry) return;
    this.watched.delete(channel);
    const message = channel.disarm(0);
    if (message !== undefined) {
      this.paceOf(channel).hit();
      entry.deliver(message);
    }
  }

  /** The time of the current pass, for `visit`, and whether it delivered a message. */
  private now = 0;
  private delivered = false;

  /**
   * One pass: the watched channels are looked at again and again for up to PASS_MS, until one has a message; then
   * the thread's event loop runs (the delivery's promises, I/O, timers) before the next pass. One look per event
   * loop turn (~1,000 in a 5-call chain), each with its setImmediate, clock read and entry iteration, made 70% of
   * the host's garbage in worker mode (260 KB a run, 74 KB now) and most of its scavenges (6x as many), each a
   * pause in which a spinning worker could miss its answer.
   */
  private readonly pass = (): void => {
    this.scheduled = false;
    this.now = performance.now();
    const end = this.now + PASS_MS;
    this.delivered = false;
    try {
      // forEach with a function made once, and the clock read every 32 looks: looking allocates nothing.
      for (let looks = 1; ; looks++) {
        this.watched.forEach(this.visit);
        if (this.delivered || this.watched.size === 0) break;
        if ((looks & 31) !== 0) continue;
        this.now = performance.now();
        if (this.now > end) break;
      }
    } finally {
      // Whatever a delivery did, the other channels are still watched: none is left holding a message.
      if (this.watched.size > 0 && !this.scheduled) {
        this.scheduled = true;
        setImmediate(this.pass);
      }
    }
  };

  private readonly visit = (
    entry: { until: number; deliver: (message: unknown) => void; found: boolean },
    channel: SpinChannel,
  ): void => {
    let message = channel.take(0);
    // Not watching any more: the sender posted a message too big for the channel, in time all the same.
    const posted = message === undefined && !channel.watching(0);
    if (message === undefined && (this.now > entry.until || posted)) {
      this.watched.delete(channel);
      message = channel.disarm(0);
      // Ended empty only if no message came since it was last watched (one taken earlier already counted).
      if (posted) this.paceOf(channel).hit();
      else if (!entry.found && message === undefined) this.paceOf(channel).miss();
    }
    if (message !== undefined) {
      entry.found = true;
      this.delivered = true;
      this.paceOf(channel).hit();
      entry.deliver(message);
    }
  };
}
