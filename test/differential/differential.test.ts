/**
 * The differential suite: every script under test/differential/cases/ runs under GNU bash (reference jq 1.8.2, GNU
 * awk and bc from .ci/reference-bin.sh, the mock tools as executables) and in toolshell, and must print the same
 * stdout bytes with the same exit code, unless deliberate.json (a choice, with its reason) or pending.json (a fix
 * under way, with its issue item) lists it: then it must still differ, so both lists stay true.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Comparison,
  compareAll,
  listCases,
  REFERENCE_BIN,
  readList,
  referenceAvailable,
} from "./harness.js";

const cases = listCases();
const deliberate = readList("deliberate.json");
const pending = readList("pending.json");
const available = referenceAvailable();
const inCi = process.env.CI === "true";

if (!available && !inCi) {
  console.warn(`differential: skipped, no reference tools in ${REFERENCE_BIN} (run .ci/reference-bin.sh)`);
}

describe("differential: reference tools", () => {
  it.runIf(inCi)("are installed under CI", () => {
    expect(available, `no reference tools in ${REFERENCE_BIN}: run .ci/reference-bin.sh`).toBe(true);
  });

  it("lists only existing cases in deliberate.json and pending.json", () => {
    const known = new Set(cases);
    const stale = [...deliberate.keys(), ...pending.keys()].filter((name) => !known.has(name));
    expect(stale).toEqual([]);
    const both = [...deliberate.keys()].filter((name) => pending.has(name));
    expect(both).toEqual([]);
  });
});

describe.runIf(available)("differential: bash vs toolshell", () => {
  const results = new Map<string, Comparison>();
  let started = 0;

  beforeAll(async () => {
    started = performance.now();
    for (const comparison of await compareAll(cases)) results.set(comparison.name, comparison);
  }, 300_000);

  afterAll(() => {
    const same = [...results.values()].filter((comparison) => comparison.same).length;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`differential: ${results.size} cases, ${same} identical, in ${seconds} s`);
  });

  it.each(cases)("%s", (name) => {
    const comparison = results.get(name);
    if (comparison === undefined) throw new Error(`${name} did not run`);
    const sides = (outcome: Comparison["bash"]) => ({ stdout: outcome.stdout, exitCode: outcome.exitCode });
    const listed = deliberate.has(name) ? "deliberate.json" : pending.has(name) ? "pending.json" : undefined;
    if (listed === undefined) {
      expect(sides(comparison.toolshell), `toolshell stderr: ${comparison.toolshell.stderr}`).toEqual(
        sides(comparison.bash),
      );
    } else {
      expect(comparison.same, `${name} now matches bash: remove it from ${listed}`).toBe(false);
    }
  });
});
