/**
 * The fast path's bounds on one call (0036): a short program that builds huge values or does huge work is left to
 * jq (and jq's own memory cap), while model-style calls on tool outputs of up to a few MiB (the input bound is
 * 4 MiB) are still answered.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Bash } from "#just-bash";
import { createJqCommand } from "../../builtins/jq.js";
import { fastPath } from "../../src/jq/fast-path.js";
import { stopJqWorker } from "../../src/jq/worker.js";
import { REFERENCE_BIN } from "../differential/harness.js";

const JQ = join(REFERENCE_BIN, "jq");

afterAll(() => stopJqWorker());
const bytes = (text: string) => new TextEncoder().encode(text);
const repeated = (form: string, times: number) => Array(times).fill(form).join("|");

/** Programs of at most a few hundred characters whose values or work grow exponentially with their length. */
const explosive: string[] = [
  `[1]|${repeated(".+.", 25)}|length`, // an array doubled 25 times
  `[1]|${repeated("[.[],.[]]", 24)}|length`,
  `"ab"|${repeated(".+.", 26)}|length`, // a string doubled
  `[{"a":1,"b":2}]|${repeated(".+.", 18)}|sort|sort|length`, // 262,144 objects sorted twice
  `[{"a":1,"b":2}]|${repeated(".+.", 18)}|unique|length`,
  `1|${repeated("[.,.]", 40)}|tojson|length`, // a tree of 2^40 leaves sharing its subtrees
  `1|${repeated("[.,.]", 40)}|. == .`,
  `1|${repeated("{a:.,b:.}", 40)}`, // written out
  `"x"|${repeated(".+.", 18)}|${repeated("[.,.]", 12)}|tostring|length`,
];

/** About 250 KiB of tool-like records. */
const records = Array.from({ length: 1800 }, (_, at) => ({
  name: `item-${at % 97}-${"x".repeat(at % 40)}`,
  id: at,
  v: (at * 7919) % 1000,
  ok: at % 3 === 0,
  tags: ["alpha", `t${at % 13}`, "beta gamma"],
  meta: { owner: `owner ${at % 11}`, zone: at % 5 === 0 ? null : "eu" },
}));
const LARGE = JSON.stringify(records);

const legit: string[][] = [
  ["."],
  ["-c", "."],
  ["-c", "sort_by(.v) | map(.id)"],
  ["-c", "sort_by(.name, .v) | .[0]"],
  ["-c", "group_by(.meta.owner) | map({owner: .[0].meta.owner, n: length})"],
  ["-c", "unique_by(.name) | length"],
  ["-c", "map(.tags) | add | unique"],
  ["-c", "map({(.name + (.id | tostring)): .v}) | add | length"],
  ["-r", ".[] | [.name, .id, .ok] | @csv"],
  ["-r", ".[] | [.name, .v] | @tsv"],
  ["-r", '.[] | "\\(.id): \\(.name) \\(.tags | join(","))"'],
  ["-r", 'map(.name) | join(",")'],
  ["-c", "map(select(.ok)) | map({name, v})"],
  ["-c", "[.[] | tojson] | length"],
  ["-c", "map(.v) | sort | .[-1]"],
  ["-c", "[.[].name] | unique | length"],
  ["-c", "map(.meta) | min, max"],
  ["-c", ".[] | select(.v > 990) | .id"],
];

/** About 1 MiB of the same records: a big list endpoint's page. */
const HUGE = JSON.stringify(Array.from({ length: 7 }, () => records).flat());

/** What models write over a big tool output: selections, counts, slices, a column. */
const onHuge: string[][] = [
  ["-c", ".[] | select(.v > 990) | .id"],
  ["-c", "map(select(.ok)) | length"],
  ["length"],
  ["-c", ".[100:103] | map(.name)"],
  ["-r", '.[] | select(.meta.owner == "owner 3") | .name'],
  ["-c", "[.[] | .v] | add"],
  ["-c", "map(.id) | max"],
  ["-c", "group_by(.ok) | map(length)"],
];

/** The fast path answers the call, and (where the CLI is installed) exactly as jq 1.8.2 does. */
function answeredAsTheCli(argv: string[], input: string): void {
  const fast = fastPath(argv, bytes(input));
  expect(fast).toBeDefined();
  if (existsSync(JQ)) {
    const real = spawnSync(JQ, argv, { input, env: {}, encoding: "utf8", maxBuffer: 1 << 25 });
    expect(fast).toEqual({ stdout: real.stdout, exitCode: real.status });
  }
}

describe("jq's fast path within its bounds", () => {
  it("the inputs are 230-256 KiB and about 1 MiB", () => {
    expect(LARGE.length).toBeGreaterThan(230 * 1024);
    expect(LARGE.length).toBeLessThan(256 * 1024);
    expect(HUGE.length).toBeGreaterThan(1024 * 1024);
    expect(HUGE.length).toBeLessThan(2 * 1024 * 1024);
  });

  it.each(onHuge.map((argv) => [argv]))("answers jq %j on 1 MiB of records", (argv) => {
    answeredAsTheCli(argv, HUGE);
  });

  it("answers an input of up to 4 MiB, and leaves a bigger one, and pretty output past 1 MiB characters, to jq", () => {
    const ones = (count: number) => bytes(`[${Array(count).fill("1").join(",")}]`);
    const under = ones(2 * 1024 * 1024 - 1);
    const over = ones(2 * 1024 * 1024 + 1);
    expect([under.byteLength, over.byteLength]).toEqual([4 * 1024 * 1024 - 1, 4 * 1024 * 1024 + 3]);
    expect(fastPath(["length"], under)).toEqual({ stdout: `${2 * 1024 * 1024 - 1}\n`, exitCode: 0 });
    expect(fastPath(["length"], over)).toBe(undefined);
    expect(fastPath(["."], bytes(HUGE))).toBe(undefined); // 1.4 MiB pretty-printed
  });

  it.each(explosive)("leaves jq -n %j to jq", (filter) => {
    expect(fastPath(["-n", filter], new Uint8Array())).toBe(undefined);
  });

  it.each(legit.map((argv) => [argv]))("answers jq %j on 250 KiB of records", (argv) => {
    answeredAsTheCli(argv, LARGE);
  });

  it("leaves output past the command's output cap to jq, counting UTF-8 bytes", () => {
    const doc = bytes('{"name":"ééé"}');
    expect(fastPath(["-r", ".name"], doc, 7)).toEqual({ stdout: "ééé\n", exitCode: 0 });
    expect(fastPath(["-r", ".name"], doc, 6)).toBe(undefined);
    expect(fastPath(["-r", ".name, .name"], doc, 13)).toBe(undefined);
  });

  it("leaves a call past the jq command's maxOutputBytes to jq, which cuts it and fails", async () => {
    const bash = new Bash({
      customCommands: [createJqCommand({ maxOutputBytes: 1000 })],
      defenseInDepth: false,
    });
    // 603 characters, 1,202 bytes.
    const r = await bash.exec(`jq -n '"${"é".repeat(600)}"'`);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain("output exceeds");
  });
});
