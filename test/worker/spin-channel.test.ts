import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import {
  CHANNEL_BYTES,
  ChannelWatcher,
  MISSES_BEFORE_PAUSE,
  PAUSED_WATCHES,
  SpinChannel,
  spinChannel,
  WATCH_MS,
} from "../../src/worker/spin-channel.js";
import { track } from "../helpers.js";

describe("a spin channel", () => {
  const pair = () => {
    const buffer = spinChannel();
    return { receiver: new SpinChannel(buffer), sender: new SpinChannel(buffer) };
  };

  it("carries a message to a receiver armed for its tag, as postMessage would serialize it", () => {
    const { receiver, sender } = pair();
    receiver.arm(7);
    const message = {
      stdout: "héllo \uD800",
      n: Number.POSITIVE_INFINITY,
      missing: undefined,
      list: [1, "2"],
    };
    expect(sender.offer(7, message)).toBe(true);
    expect(receiver.take(7)).toEqual(message);
    expect(receiver.take(7)).toBeUndefined();
  });

  it("refuses a message when nobody watches, or when the receiver waits for another tag", () => {
    const { receiver, sender } = pair();
    expect(sender.offer(1, { a: 1 })).toBe(false);
    receiver.arm(2);
    expect(sender.offer(1, { a: 1 })).toBe(false);
    expect(receiver.take(2)).toBeUndefined();
  });

  it("refuses once the receiver stopped watching, and hands over what came before it stopped", () => {
    const { receiver, sender } = pair();
    receiver.arm(3);
    expect(receiver.disarm(3)).toBeUndefined();
    expect(sender.offer(3, { late: true })).toBe(false);
    receiver.arm(4);
    expect(sender.offer(4, { early: true })).toBe(true);
    expect(receiver.disarm(4)).toEqual({ early: true });
    expect(receiver.watching(4)).toBe(false);
  });

  it("refuses a message too big for it and stops the receiver's watch, so it does not wait in vain", () => {
    const { receiver, sender } = pair();
    receiver.arm(5);
    expect(sender.offer(5, { stdout: "x".repeat(CHANNEL_BYTES) })).toBe(false);
    expect(receiver.watching(5)).toBe(false);
  });
});

describe("a channel watcher", () => {
  const watched = () => {
    const buffer = spinChannel();
    return {
      receiver: new SpinChannel(buffer),
      sender: new SpinChannel(buffer),
      watcher: new ChannelWatcher(),
    };
  };

  it("delivers what is sent while it watches, on a later turn of the event loop", async () => {
    const { receiver, sender, watcher } = watched();
    const got: unknown[] = [];
    watcher.watch(receiver, (message) => got.push(message));
    expect(sender.offer(0, { n: 1 })).toBe(true);
    expect(got).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(got).toEqual([{ n: 1 }]);
    // Watched again (as after each answer), and forgotten before its pass: what came is still delivered.
    watcher.watch(receiver, (message) => got.push(message));
    expect(sender.offer(0, { n: 2 })).toBe(true);
    watcher.forget(receiver);
    expect(got).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("stops watching after its window, so a later sender posts instead", async () => {
    const { receiver, sender, watcher } = watched();
    watcher.watch(receiver, () => {});
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS + 20));
    expect(receiver.watching(0)).toBe(false);
    expect(sender.offer(0, { late: true })).toBe(false);
  });

  // The window, then until a pass of the watcher has ended the watch: on a loaded machine the thread can be
  // descheduled between the last pass and the timer, and a watch asked for then would extend the old one.
  const windowPassed = async (channel: SpinChannel) => {
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS + 5));
    while (channel.watching(0)) await new Promise((resolve) => setImmediate(resolve));
  };

  it("pauses a channel whose watches keep ending empty, and watches it again after the pause", async () => {
    const { receiver, sender, watcher } = watched();
    for (let miss = 0; miss < MISSES_BEFORE_PAUSE; miss++) {
      expect(watcher.watch(receiver, () => {})).toBe(true);
      await windowPassed(receiver);
    }
    // Paused: not armed, so a sender posts instead of writing to a channel nobody reads.
    for (let skipped = 0; skipped < PAUSED_WATCHES; skipped++) {
      expect(watcher.watch(receiver, () => {})).toBe(false);
      expect(sender.offer(0, { paused: skipped })).toBe(false);
    }
    const got: unknown[] = [];
    expect(watcher.watch(receiver, (message) => got.push(message))).toBe(true);
    expect(sender.offer(0, { back: true })).toBe(true);
    await windowPassed(receiver);
    expect(got).toEqual([{ back: true }]);
  });

  it("does not pause a channel whose messages come in time, even after a few empty watches", async () => {
    const { receiver, sender, watcher } = watched();
    const got: unknown[] = [];
    for (let round = 0; round < 3; round++) {
      for (let miss = 0; miss < MISSES_BEFORE_PAUSE - 1; miss++) {
        expect(watcher.watch(receiver, () => {})).toBe(true);
        await windowPassed(receiver);
      }
      expect(watcher.watch(receiver, (message) => got.push(message))).toBe(true);
      expect(sender.offer(0, { round })).toBe(true);
      await windowPassed(receiver);
    }
    expect(got).toEqual([{ round: 0 }, { round: 1 }, { round: 2 }]);
  });

  it("counts only empty watches in a row: a message taken, then the watch forgotten, starts the count again", async () => {
    const { receiver, sender, watcher } = watched();
    const got: unknown[] = [];
    for (let run = 0; run < 4; run++) {
      // A run's end: its last message is taken on a pass, then the watch is forgotten before its window ends.
      expect(watcher.watch(receiver, (message) => got.push(message))).toBe(true);
      expect(sender.offer(0, { run })).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      watcher.forget(receiver);
      // A message that comes while the watch is forgotten counts too.
      expect(watcher.watch(receiver, (message) => got.push(message))).toBe(true);
      expect(sender.offer(0, { forgotten: run })).toBe(true);
      watcher.forget(receiver);
      for (let miss = 0; miss < MISSES_BEFORE_PAUSE - 1; miss++) {
        expect(watcher.watch(receiver, () => {})).toBe(true);
        await windowPassed(receiver);
      }
    }
    expect(got).toHaveLength(8);
  });

  it("paces each channel on its own", async () => {
    const quiet = watched();
    const busy = { receiver: new SpinChannel(spinChannel()) };
    const watcher = quiet.watcher;
    for (let miss = 0; miss < MISSES_BEFORE_PAUSE; miss++) {
      watcher.watch(quiet.receiver, () => {});
      await windowPassed(quiet.receiver);
    }
    expect(watcher.watch(quiet.receiver, () => {})).toBe(false);
    expect(watcher.watch(busy.receiver, () => {})).toBe(true);
    watcher.forget(busy.receiver);
  });
});

describe("tool calls from a worker, whichever way their answers travel", () => {
  const big = "y".repeat(CHANNEL_BYTES + 10);
  const api = track(
    new ScriptedTool({
      name: "spin",
      isolation: "worker",
      workers: 1,
      tools: [
        {
          name: "quick",
          inputSchema: { type: "object", properties: { i: { type: "integer" } } },
          execute: ({ i }) => `q${i}\n`,
        },
        { name: "big", execute: () => big },
        {
          name: "slow",
          inputSchema: { type: "object", properties: { i: { type: "integer" } } },
          execute: async ({ i }) => {
            await new Promise((resolve) => setTimeout(resolve, 3));
            return `s${i}\n`;
          },
        },
      ],
    }),
  );

  it("answers quick calls in a loop (the spinning path)", async () => {
    const result = await api.execute('for i in $(seq 1 200); do quick --i "$i"; done | tail -n 2');
    expect(result).toMatchObject({ stdout: "q199\nq200\n", exitCode: 0 });
    expect(result.trace).toHaveLength(200);
  });

  it("answers outcomes too big for the channel by message", async () => {
    const result = await api.execute("a=$(big); b=$(big); echo ${#a} ${#b}");
    expect(result).toMatchObject({ stdout: `${big.length} ${big.length}\n`, exitCode: 0 });
  });

  it("answers calls slower than the spin by message, and spins again once tools are quick", async () => {
    const slow = await api.execute('for i in $(seq 1 12); do slow --i "$i"; done | tr "\\n" " "');
    expect(slow.stdout).toBe("s1 s2 s3 s4 s5 s6 s7 s8 s9 s10 s11 s12 ");
    const quick = await api.execute('for i in $(seq 1 100); do quick --i "$i"; done | wc -l');
    expect(quick.stdout.trim()).toBe("100");
  });

  it("answers a script that mixes a slow tool (its spin paused) with a quick one (still spun for)", async () => {
    const result = await api.execute(
      'for i in $(seq 1 10); do slow --i "$i"; quick --i "$i"; done | tr "\\n" " "',
    );
    expect(result.stdout).toBe(Array.from({ length: 10 }, (_, n) => `s${n + 1} q${n + 1} `).join(""));
  });

  it("answers concurrent calls of background jobs by message", async () => {
    const result = await api.execute("slow --i 1 & slow --i 2 & quick --i 3; wait");
    expect(result.exitCode).toBe(0);
    expect(result.stdout.split("\n").filter(Boolean).sort()).toEqual(["q3", "s1", "s2"]);
  });

  it("starts runs back to back (through the idle worker's inbox) and after a pause (by message)", async () => {
    for (let i = 0; i < 30; i++) expect((await api.execute(`quick --i ${i}`)).stdout).toBe(`q${i}\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await api.execute("quick --i 99")).stdout).toBe("q99\n");
  });
});
