import { afterAll, describe, expect, it } from "vitest";
import { runJq, runJqInline, stopJqWorker } from "../../src/jq/worker.js";

const enc = new TextEncoder();
const dec = new TextDecoder();

afterAll(() => stopJqWorker());

const MIX: [string[], string, string][] = [
  [["-r", ".name"], '{"name":"ann"}', "ann\n"],
  [["-c", ".[] | select(.v > 1)"], '[{"v":1},{"v":2}]', '{"v":2}\n'],
  [["-n", "input"], "1 2 3", "1\n"], // leaves unread input behind
  [["-e", ".a"], '{"a":null}', "null\n"],
  [["-n", "error(1)"], "", ""],
  [["-c", "[inputs]"], "1 2", "[2]\n"],
];

function pick(i: number): [string[], string, string] {
  const row = MIX[i % MIX.length];
  if (!row) throw new Error("empty mix");
  return row;
}

describe("10,000 consecutive calls", () => {
  it("run in-thread without a failure", () => {
    for (let i = 0; i < 10_000; i++) {
      const [argv, stdin, out] = pick(i);
      const r = runJqInline({ argv, stdin: enc.encode(stdin), maxOutputBytes: 1 << 20 });
      if (dec.decode(r.stdout) !== out) expect([i, argv, dec.decode(r.stdout)]).toEqual([i, argv, out]);
    }
  }, 60_000);

  it("run through the worker (1,000 calls) without a failure", async () => {
    for (let i = 0; i < 1000; i++) {
      const [argv, stdin, out] = pick(i);
      const r = await runJq({ argv, stdin: enc.encode(stdin), maxOutputBytes: 1 << 20 });
      if (dec.decode(r.stdout) !== out) expect([i, argv, dec.decode(r.stdout)]).toEqual([i, argv, out]);
    }
  }, 60_000);
});
