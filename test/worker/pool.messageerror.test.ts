// TM-DOS-002: no message between the host and a shell worker is lost silently. A message that cannot be read
// (deserialized) ends the run at once with a clear error and the output it had printed, and the worker is
// replaced. No script can send such a message once JSON depth is capped (TM-DOS-001), so these tests reach one in
// from below: raw bytes no thread can deserialize (an array nested 20,000 deep, written without serializing it),
// and the `messageerror` node emits on a Worker when a message's deserialization fails. Worker mode only.
import { deserialize } from "node:v8";
import type { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { sharedPool } from "../../src/worker/pool.js";
import { SpinChannel, spinChannel, Unreadable } from "../../src/worker/spin-channel.js";
import { track } from "../helpers.js";

/** v8-serialized `[[[...[]...]]]`, 20,000 deep: too deep for any thread's stack to deserialize. */
function undeserializable(): Buffer {
  const depth = 20_000;
  const open = Buffer.from("4101", "hex"); // a dense array of one element
  const empty = Buffer.from("4100240000", "hex"); // []
  const close = Buffer.from("240001", "hex"); // end of a dense array of one element
  return Buffer.concat([
    Buffer.from("ff0f", "hex"),
    ...Array<Buffer>(depth).fill(open),
    empty,
    ...Array<Buffer>(depth).fill(close),
  ]);
}

/** The error node gives when those bytes are deserialized. */
function deserializeError(): Error {
  try {
    deserialize(undeserializable());
  } catch (error) {
    return error as Error;
  }
  throw new Error("the bytes deserialized");
}

/** Puts `bytes` in a channel armed with tag 0 as offer() would put a message's (no serializer writes these). */
function fill(buffer: SharedArrayBuffer, bytes: Buffer): void {
  const header = new Int32Array(buffer, 0, 2);
  Buffer.from(buffer, 8).set(bytes);
  Atomics.store(header, 1, bytes.byteLength);
  Atomics.store(header, 0, 2); // tag 0, full
}

/** The host's side of a shell worker, as far as these tests reach into it. */
interface Shell {
  worker: Worker;
  outbox: SpinChannel;
  outboxBuffer: SharedArrayBuffer;
  watchOutbox(): void;
}

/** What reaches the host as the shell's next message: the bytes, in its outbox while the host watches it. */
function unreadableInOutbox(shell: Shell): void {
  // The watch may be paused for a few asks after watches that found nothing.
  for (let asks = 0; asks < 64 && !shell.outbox.watching(0); asks++) shell.watchOutbox();
  fill(shell.outboxBuffer, undeserializable());
}

describe("a spin channel", () => {
  it("hands over a message it cannot read as unreadable, saying why, instead of throwing", () => {
    const buffer = spinChannel();
    const receiver = new SpinChannel(buffer);
    receiver.arm(0);
    fill(buffer, undeserializable());
    expect(receiver.take(0)).toStrictEqual(new Unreadable("Maximum call stack size exceeded"));
  });
});

describe("a message between the host and a shell worker that cannot be read", () => {
  it.each<[string, (shell: Shell) => void, "from" | "to"]>([
    [
      "from the shell, posted to the host",
      (shell) => shell.worker.emit("messageerror", deserializeError()),
      "from",
    ],
    ["from the shell, through the host's outbox", unreadableInOutbox, "from"],
    [
      "to the shell, as the worker reports it",
      (shell) =>
        shell.worker.emit("message", { type: "lost", failed: "read", reason: deserializeError().message }),
      "to",
    ],
  ])(
    "%s, ends the run at once with a clear error, keeping what it printed; the next run gets a new worker",
    async (_, lose, direction) => {
      let opened: () => void = () => {};
      const open = new Promise<void>((resolve) => {
        opened = resolve;
      });
      const api = track(
        new ScriptedTool({
          name: "lost",
          workers: 1,
          tools: [
            {
              name: "gate",
              execute: () =>
                new Promise<string>((resolve) => {
                  opened();
                  setTimeout(() => resolve("gate\n"), 3_000);
                }),
            },
          ],
        }),
      );
      const running = api.execute("echo before; gate; echo after", { timeoutMs: 20_000 });
      await open;
      // The one worker of the pool this ScriptedTool shares: node reports a message it failed to deserialize
      // ("messageerror"), the host's outbox holds one it cannot read, or the worker tells of one it could not.
      const pool = sharedPool(1, 256) as unknown as { busy: Set<Shell> };
      const [shell] = [...pool.busy];
      if (!shell) throw new Error("no busy worker");
      lose(shell);
      // At once: before the gate answers (3 s; it would print "gate" and "after"), long before the deadline (20 s).
      const result = await running;
      expect(result).toEqual({
        stdout: "before\n",
        stderr:
          `toolshell: the run was stopped: a message ${direction} the shell could not be read (Maximum call stack ` +
          "size exceeded); what it printed before is kept. A new shell takes the next run: run again what did not " +
          "finish (if it fails the same way, pass less data in that step)\n",
        exitCode: 1,
        trace: [],
        truncated: false,
        traceDropped: 0,
      });
      expect(await api.execute("echo alive")).toMatchObject({ stdout: "alive\n", exitCode: 0 });
      expect(pool.busy.has(shell)).toBe(false);
    },
  );
});
