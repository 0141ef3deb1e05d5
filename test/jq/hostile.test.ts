import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJq, runJqInline, stopJqWorker } from "../../src/jq/worker.js";

const enc = new TextEncoder();
const dec = new TextDecoder();
const MAX = 1 << 20;
const none = new Uint8Array(0);

afterAll(() => stopJqWorker());

async function tiny(): Promise<string> {
  const r = await runJq({ argv: ["-c", ".a"], stdin: enc.encode('{"a":[1]}'), maxOutputBytes: MAX });
  return `${r.exitCode}:${dec.decode(r.stdout)}`;
}

describe("hostile jq programs and inputs", () => {
  // The jq worker's cold start is not part of a call's time: warm it so the bounds below are about the deadline.
  beforeAll(async () => {
    await tiny();
  });

  it.each([["last(range(1e12))"], ["repeat(1) | empty"], ["def f: f; f"]])(
    "stops the endless `%s` at the deadline with 124 while the host's event loop keeps running",
    async (program) => {
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      const started = Date.now();
      const r = await runJq({
        argv: ["-n", program],
        stdin: none,
        maxOutputBytes: MAX,
        deadline: started + 300,
      });
      clearInterval(timer);
      expect(r.exitCode).toBe(124);
      // The budget is counted from when the call starts, a few ms after the test took its clock under load.
      expect(dec.decode(r.stderr)).toMatch(/^jq: timed out after (29[0-9]|300) ms\n$/);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(ticks).toBeGreaterThan(5); // a host timer fired while jq was spinning
      expect(await tiny()).toBe("0:[1]\n"); // the replaced worker serves the next call
    },
  );

  it("gives 130 on abort, before and during a call", async () => {
    const before = new AbortController();
    before.abort();
    const r1 = await runJq({ argv: ["-n", "1"], stdin: none, maxOutputBytes: MAX, signal: before.signal });
    expect([r1.exitCode, dec.decode(r1.stderr)]).toEqual([130, "jq: aborted\n"]);
    const during = new AbortController();
    setTimeout(() => during.abort(), 50);
    const r2 = await runJq({
      argv: ["-n", "repeat(1)|empty"],
      stdin: none,
      maxOutputBytes: MAX,
      signal: during.signal,
    });
    expect([r2.exitCode, dec.decode(r2.stderr)]).toEqual([130, "jq: aborted\n"]);
    expect(await tiny()).toBe("0:[1]\n");
  });

  it("cuts huge output at the cap, marks it and fails", async () => {
    const r = await runJq({ argv: ["-n", 'repeat("x" * 1000)'], stdin: none, maxOutputBytes: 100_000 });
    expect(r.stdout.length).toBe(100_000);
    expect(r.truncated).toBe(true);
    expect(r.exitCode).toBe(5);
    expect(dec.decode(r.stderr)).toBe(
      "jq: error: output exceeds 100000 bytes and was cut there; filter it or take part of it (first(f), limit(n; f))\n",
    );
    expect(await tiny()).toBe("0:[1]\n");
  });

  it("survives 10,000-deep nesting without breaking the next call", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const r = await runJq({ argv: ["-c", "."], stdin: enc.encode(deep), maxOutputBytes: MAX });
    // The CLI prints it; this build's 1 MiB C stack cannot, and the stack guard says so instead of corrupting.
    expect([r.exitCode, dec.decode(r.stderr)]).toEqual([
      5,
      "jq: error: C stack exhausted (value or program nested too deeply)\n",
    ]);
    const ok = await runJq({
      argv: ["-c", "[paths] | length"],
      stdin: enc.encode(deep.slice(0, 9000)),
      maxOutputBytes: MAX,
    });
    expect(ok.exitCode === 0 || ok.exitCode === 5).toBe(true);
    for (let i = 0; i < 20; i++) expect(await tiny()).toBe("0:[1]\n");
    const program = `${"[".repeat(3000)}1${"]".repeat(3000)} | flatten`;
    await runJq({ argv: ["-nc", program], stdin: none, maxOutputBytes: MAX });
    expect(await tiny()).toBe("0:[1]\n");
  });

  it("reads invalid UTF-8 and NUL bytes as the CLI does", async () => {
    const bytes = Uint8Array.from([0x22, 0xff, 0x61, 0xc3, 0x28, 0x22, 0x0a]);
    const r = await runJq({ argv: ["-c", "., length"], stdin: bytes, maxOutputBytes: MAX });
    expect([dec.decode(r.stdout), r.exitCode]).toEqual(['"\ufffda\ufffd("\n4\n', 0]);
    const nul = await runJq({ argv: ["."], stdin: Uint8Array.from([0x31, 0x00, 0x32]), maxOutputBytes: MAX });
    // jq 1.8.2 CLI: `printf '1\0002' | jq .` prints "1" and exits 0 (the NUL ends its input).
    expect([dec.decode(nul.stdout), dec.decode(nul.stderr), nul.exitCode]).toEqual(["1\n", "", 0]);
  });

  it("turns an out-of-memory attempt into a jq error, and recovers", async () => {
    const r = await runJq({
      argv: ["-n", "[range(1e9)] | length"],
      stdin: none,
      maxOutputBytes: MAX,
      deadline: Date.now() + 15_000,
    });
    expect([5, 124]).toContain(r.exitCode);
    expect(dec.decode(r.stderr)).toMatch(/^jq: (error|timed out)/);
    expect(await tiny()).toBe("0:[1]\n");
  }, 20_000);

  it("leaves the host's process.exitCode and console untouched", async () => {
    const before = process.exitCode;
    const writes: string[] = [];
    const original = { log: console.log, error: console.error };
    console.log = (...a: unknown[]) => void writes.push(String(a));
    console.error = (...a: unknown[]) => void writes.push(String(a));
    try {
      await runJq({ argv: ["-n", "halt_error(7)"], stdin: none, maxOutputBytes: MAX });
      await runJq({ argv: ["-n", "error(1)"], stdin: none, maxOutputBytes: MAX });
      runJqInline({ argv: ["-n", '"x" | halt_error(3)'], stdin: none, maxOutputBytes: MAX });
      runJqInline({ argv: ["--bad"], stdin: none, maxOutputBytes: MAX });
    } finally {
      console.log = original.log;
      console.error = original.error;
    }
    expect(process.exitCode).toBe(before);
    expect(writes).toEqual([]);
  });

  it("never lets one call's unread input reach the next", () => {
    const first = runJqInline({ argv: ["-n", "input"], stdin: enc.encode("1 2 3"), maxOutputBytes: MAX });
    expect(dec.decode(first.stdout)).toBe("1\n");
    const second = runJqInline({ argv: ["-c", "[., inputs]"], stdin: enc.encode("9"), maxOutputBytes: MAX });
    expect(dec.decode(second.stdout)).toBe("[9]\n");
    const empty = runJqInline({ argv: ["-c", "."], stdin: none, maxOutputBytes: MAX });
    expect([dec.decode(empty.stdout), empty.exitCode]).toEqual(["", 0]);
  });
});
