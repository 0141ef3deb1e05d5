// The jq CLI table: real-world invocations with the jq 1.8.2 CLI's exact output and exit status.
//
// Where the cases come from: jq 1.8.2 CLI expectations, recorded from Debian sid's jq 1.8.2 run with an empty
// environment. They live as data in cases/<topic>.jsonl, one case per line, grouped by what they exercise
// (output-options, inputs, paths, errors, formats, ...); this runner reads every file there.
//
// Adding a case: record it from jq 1.8.2 itself, never by hand: `bash .ci/reference-bin.sh` unpacks that build to
// .cache/reference/bin/jq (its /bin/sh wrapper adds PWD to the environment, which only `$ENV` cases notice). Run
// it with `env -i`, stdin exactly as the case gives it, and append one line to the topic's file (a new topic is a
// new file):
//   {"argv":["-c",".a"],"stdin":"{\"a\":1}","stdout":"1\n","stderr":"","exit":0,"note":"optional: why it is here"}
// Each case is one test below, named after its command line; a failure names its file and line.

import { readdirSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { createJqCommand } from "../../builtins/jq.js";
import { refusedJqArgs } from "../../src/jq/cli-args.js";
import { runJq, runJqInline, stopJqWorker } from "../../src/jq/worker.js";

/** One recorded invocation: what went in, what jq 1.8.2 printed, and where the case is written down. */
interface JqCase {
  argv: string[];
  stdin: string;
  stdout: string;
  stderr: string;
  exit: number;
  note?: string;
  /** `<file>:<line>` in cases/, for failure messages. */
  where: string;
}

const CASES_FOLDER = new URL("./cases/", import.meta.url);
const FIELDS = new Set(["argv", "stdin", "stdout", "stderr", "exit", "note"]);

/** Reads one line of a case file, refusing anything but the documented shape so a typo cannot pass silently. */
function parseCase(line: string, where: string): JqCase {
  const value: unknown = JSON.parse(line);
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${where}: not an object`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown field(s) ${unknown.join(", ")}`);
  const { argv, stdin, stdout, stderr, exit, note } = record;
  const wellFormed =
    Array.isArray(argv) &&
    argv.every((word) => typeof word === "string") &&
    typeof stdin === "string" &&
    typeof stdout === "string" &&
    typeof stderr === "string" &&
    Number.isInteger(exit) &&
    (note === undefined || typeof note === "string");
  if (!wellFormed) throw new Error(`${where}: expected {argv: string[], stdin, stdout, stderr, exit, note?}`);
  return {
    argv,
    stdin,
    stdout,
    stderr,
    exit: exit as number,
    ...(note === undefined ? {} : { note }),
    where,
  };
}

/** Every case in cases/*.jsonl, files in name order, lines in file order; blank lines are skipped. */
function loadCases(): JqCase[] {
  const files = readdirSync(CASES_FOLDER)
    .filter((name) => name.endsWith(".jsonl"))
    .sort();
  return files.flatMap((file) =>
    readFileSync(new URL(file, CASES_FOLDER), "utf8")
      .split("\n")
      .flatMap((line, index) => (line.trim() === "" ? [] : [parseCase(line, `cases/${file}:${index + 1}`)])),
  );
}

const JQ_CASES = loadCases();

/** Quotes one word for the shell. */
function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

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

  it.each(JQ_CASES.map((c) => [label(c.argv, c.stdin), c] as const))("%s", async (_name, c) => {
    const r = await runJq({ argv: c.argv, stdin: enc.encode(c.stdin), maxOutputBytes: MAX });
    expect({ stdout: dec.decode(r.stdout), stderr: dec.decode(r.stderr), code: r.exitCode }, c.where).toEqual(
      { stdout: c.stdout, stderr: c.stderr, code: c.exit },
    );
  });
});

describe("the same table in-thread and through a real just-bash shell", () => {
  it("agrees in-thread (same driver, no worker)", () => {
    for (const c of JQ_CASES) {
      const r = runJqInline({ argv: c.argv, stdin: enc.encode(c.stdin), maxOutputBytes: MAX });
      expect([c.where, c.argv, dec.decode(r.stdout), dec.decode(r.stderr), r.exitCode]).toEqual([
        c.where,
        c.argv,
        c.stdout,
        c.stderr,
        c.exit,
      ]);
    }
  });

  it("agrees as a shell command (`… | jq …`)", async () => {
    const bash = new Bash({ customCommands: [createJqCommand()], commands: ["echo", "printf", "cat"] });
    for (const c of JQ_CASES) {
      if (refusedJqArgs(c.argv)) continue; // file access is refused in the shell: see command.test.ts
      const r = await bash.exec(`jq ${c.argv.map(shellQuote).join(" ")}`, { stdin: c.stdin });
      expect([c.where, c.argv, r.stdout, r.stderr, r.exitCode]).toEqual([
        c.where,
        c.argv,
        c.stdout,
        c.stderr,
        c.exit,
      ]);
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
