import { afterAll, describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { createJqCommand } from "../../builtins/jq.js";
import { refusedJqArgs } from "../../src/jq/cli-args.js";
import { runJq, runJqInline, stopJqWorker } from "../../src/jq/worker.js";
import { JQ_CASES, shellQuote } from "./cli-cases.js";

const enc = new TextEncoder();
const dec = new TextDecoder();
const MAX = 1 << 20;

afterAll(() => stopJqWorker());

function label(argv: string[], stdin: string): string {
  return `jq ${argv.map(shellQuote).join(" ")} <<< ${JSON.stringify(stdin).slice(0, 40)}`;
}

describe("jq 1.8.2 CLI table through the off-thread runner", () => {
  it("has a table of at least 120 invocations", () => {
    expect(JQ_CASES.length).toBeGreaterThanOrEqual(120);
  });

  it.each(JQ_CASES.map((c) => [label(c[0], c[1]), c] as const))(
    "%s",
    async (_name, [argv, stdin, out, err, code]) => {
      const r = await runJq({ argv, stdin: enc.encode(stdin), maxOutputBytes: MAX });
      expect({ stdout: dec.decode(r.stdout), stderr: dec.decode(r.stderr), code: r.exitCode }).toEqual({
        stdout: out,
        stderr: err,
        code,
      });
    },
  );
});

describe("the same table in-thread and through a real just-bash shell", () => {
  it("agrees in-thread (same driver, no worker)", () => {
    for (const [argv, stdin, out, err, code] of JQ_CASES) {
      const r = runJqInline({ argv, stdin: enc.encode(stdin), maxOutputBytes: MAX });
      expect([argv, dec.decode(r.stdout), dec.decode(r.stderr), r.exitCode]).toEqual([argv, out, err, code]);
    }
  });

  it("agrees as a shell command (`… | jq …`)", async () => {
    const bash = new Bash({ customCommands: [createJqCommand()], commands: ["echo", "printf", "cat"] });
    for (const [argv, stdin, out, err, code] of JQ_CASES) {
      if (refusedJqArgs(argv)) continue; // file access is refused in the shell: see jq.command.test.ts
      const r = await bash.exec(`jq ${argv.map(shellQuote).join(" ")}`, { stdin });
      expect([argv, r.stdout, r.stderr, r.exitCode]).toEqual([argv, out, err, code]);
    }
  });
});

describe("known differences from the jq 1.8.2 CLI (the wasm build)", () => {
  it("has no gamma and no %Z", () => {
    const gamma = runJqInline({ argv: ["-n", "gamma(1)"], stdin: new Uint8Array(0), maxOutputBytes: MAX });
    expect(gamma.exitCode).toBe(3);
    const zone = runJqInline({
      argv: ["-n", '0 | strftime("%Z")'],
      stdin: new Uint8Array(0),
      maxOutputBytes: MAX,
    });
    expect(dec.decode(zone.stderr)).toBe("jq: error (at <unknown>): strftime/1: unknown system failure\n");
  });
});
