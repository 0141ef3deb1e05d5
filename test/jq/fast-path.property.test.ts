/**
 * The fast path's proof: for a few thousand generated calls (seeded; JQ_FAST_SEED=<n> replays one run), whenever
 * fastPath answers, its stdout bytes and exit status are those of the real jq 1.8.2 CLI on the same argv and stdin.
 * The calls are model-style filters over tool-like records (some with inputs the fast path must refuse: 1.0, -0,
 * integer-like keys, DEL, lone surrogates) and filters of any shape of its grammar over any JSON; a coverage floor
 * on the model-style calls keeps the test from passing by answering nothing.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fastPath } from "../../src/jq/fast-path.js";
import { REFERENCE_BIN } from "../differential/harness.js";
import { argvFor, modelFilter, wildFilter } from "./fast/filters.js";
import { createRandom, inputText, Picker, record, wildValue } from "./fast/generate.js";

const JQ = join(REFERENCE_BIN, "jq");
const available = existsSync(JQ);
const SEED = Number(process.env.JQ_FAST_SEED ?? 20261202);
const MODEL_CASES = 1200;
const WILD_CASES = 1200;
/** Real jq processes at once: spawning dominates (each call ~40 ms of wall time on a loaded machine). */
const CONCURRENCY = 12;

interface Case {
  argv: string[];
  stdin: string;
  model: boolean;
  /** A model-style call whose filter, flags and input are all in the fast path's subset. */
  inGrammar: boolean;
  /** A filter just outside the subset, which the fast path must leave to jq. */
  outsideFilter: boolean;
}

function generate(seed: number): Case[] {
  const picker = new Picker(createRandom(seed));
  const cases: Case[] = [];
  for (let count = 0; count < MODEL_CASES; count++) {
    const { filter, inGrammar } = modelFilter(picker);
    const hostile = picker.chance(0.15);
    const { argv, inGrammar: flagsInGrammar } = argvFor(picker, filter);
    const stdin = inputText(picker, () => record(picker, hostile));
    cases.push({
      argv,
      stdin,
      model: true,
      inGrammar: inGrammar && flagsInGrammar && !hostile,
      outsideFilter: !inGrammar,
    });
  }
  for (let count = 0; count < WILD_CASES; count++) {
    const filter = wildFilter(picker, 3);
    const { argv } = argvFor(picker, filter);
    cases.push({
      argv,
      stdin: inputText(picker, () => wildValue(picker, 3)),
      model: false,
      inGrammar: false,
      outsideFilter: false,
    });
  }
  return cases;
}

function runJq(argv: string[], stdin: string): Promise<{ stdout: string; exitCode: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(JQ, argv, { env: {}, stdio: ["pipe", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ stdout: Buffer.concat(chunks).toString("utf8"), exitCode: code ?? -1 }),
    );
    child.stdin.on("error", () => {}); // jq may exit before reading (-n)
    child.stdin.end(stdin);
  });
}

describe.runIf(available || process.env.CI === "true")("jq's fast path against the jq 1.8.2 CLI", () => {
  it("gives the CLI's stdout and exit status whenever it answers", { timeout: 120_000 }, async () => {
    expect(available, `no reference jq at ${JQ}: run .ci/reference-bin.sh`).toBe(true);
    const cases = generate(SEED);
    const answered = cases.map((call) => ({
      call,
      fast: fastPath(call.argv, new TextEncoder().encode(call.stdin)),
    }));
    const toCheck = answered.filter((entry) => entry.fast !== undefined);
    const mismatches: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < toCheck.length) {
        const { call, fast } = toCheck[next++] as (typeof toCheck)[number];
        const real = await runJq(call.argv, call.stdin);
        if (real.stdout !== fast?.stdout || real.exitCode !== fast.exitCode) {
          mismatches.push(JSON.stringify({ argv: call.argv, stdin: call.stdin, fast, real }));
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(mismatches.slice(0, 5), `seed ${SEED} (JQ_FAST_SEED=${SEED} replays it)`).toEqual([]);

    const modelInGrammar = answered.filter((entry) => entry.call.model && entry.call.inGrammar);
    const modelAnswered = modelInGrammar.filter((entry) => entry.fast !== undefined).length;
    const outside = answered.filter((entry) => entry.call.outsideFilter && entry.fast !== undefined);
    console.info(
      `fast path, seed ${SEED}: answered ${modelAnswered}/${modelInGrammar.length} model-style calls in its grammar, ` +
        `${toCheck.length}/${cases.length} calls in all, all as jq 1.8.2`,
    );
    expect(outside.map((entry) => entry.call.argv)).toEqual([]);
    expect(modelAnswered / modelInGrammar.length, `seed ${SEED}`).toBeGreaterThanOrEqual(0.6);
  });
});
