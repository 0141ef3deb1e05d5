import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastPath, plainPath } from "../../src/jq/fast-path.js";
import { runJqInline } from "../../src/jq/worker.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const DOC = '{"name":"Jane","a":{"b":[{"c":"deep"},{"c":7}]},"nul":null,"emoji":"\\ud83d\\ude00","if":"kw"}';

/** argv, input, and whether the fast path is expected to answer (else it must decline and leave it to jq). */
const cases: Array<[string[], string, boolean]> = [
  [["-r", ".name"], DOC, true],
  [[".name", "-r"], DOC, true],
  [["--raw-output", ".a.b[0].c"], DOC, true],
  [["-r", ".a.b.[0].c"], DOC, true],
  [["-r", ".a.b[1].c"], DOC, true], // 7: written the same by both
  [["-r", ".n"], '{"n":1.50}', false], // jq keeps the literal 1.50, JavaScript would write 1.5
  [["-r", ".name"], '{"name":"x","n":1.50}', false], // any such number declines the whole document
  [["-r", ".nul"], DOC, true],
  [["-r", ".missing"], DOC, true], // null, as jq
  [["-r", ".emoji"], DOC, false], // surrogates are left to jq
  [["-r", ".if"], DOC, false], // a keyword after the dot
  [["-r", ".a.b[01].c"], DOC, false],
  [["-r", ".name.first"], DOC, false], // jq's error, not ours
  [["-r", ".[0]"], DOC, false],
  [["-r", ".[0]"], '["x","y"]', true],
  [["-r", ".[1]"], '["x","y"]\n', true],
  [["-r", "."], '"just a string"', true],
  [["-r", ".name"], '{"name":"tab\\tquote\\"nl\\n"}', true],
  [["-r", ".name"], '{"name":"a","name":"b"}', true], // duplicate keys: the last wins in both
  [["-r", ".name"], '{"name":"a"} {"name":"b"}', false], // two documents
  [["-r", ".name"], "\uFEFF" + '{"name":"bom"}', false],
  [["-r", ".name"], '{"name":"ok"', false], // invalid JSON
  [["-r", ".name"], "", false],
  [["-c", ".name"], DOC, true],
  [["-c", ".a"], DOC, true],
  [[".a"], DOC, true], // pretty-printed
  [["-rc", "."], '{"k":[1,{"x":"y"}],"e":{},"f":[]}', true],
  [["-c", "."], '{"1":"a","b":2}', false], // JavaScript would reorder the integer-like key
  [["-c", "."], '{"a":1e2}', false],
  [["-c", ".a"], '{"a":"del\u007f"}', false],
  [["-c", ".missing.deeper[3]"], DOC, true],
  [["-c", ".[3]"], "[1,2]", true],
  [["-S", "."], DOC, false],
  [["-r", ".name", "--arg", "x", "1"], DOC, false],
  [["-r", ".name | ascii_upcase"], DOC, false],
  [["-r", ".[]"], '["x"]', false],
  [["-r", ".name"], '{"name":"h\u00e9llo w\u00f6rld"}', true],
];

describe("jq's fast path answers exactly as jq does, or declines", () => {
  it.each(cases)("jq %j on %j (fast: %s)", (argv, input, answers) => {
    const fast = fastPath(argv, bytes(input));
    expect(fast !== undefined).toBe(answers);
    if (fast !== undefined) {
      const real = runJqInline({ argv, stdin: bytes(input), maxOutputBytes: 1 << 20 });
      expect({ stdout: fast, exitCode: 0 }).toEqual({
        stdout: new TextDecoder().decode(real.stdout),
        exitCode: real.exitCode,
      });
    }
  });

  it("agrees with jq on generated documents and paths whenever it answers", () => {
    let answered = 0;
    const path = fc
      .array(fc.oneof(fc.constantFrom("a", "b", "id", "items"), fc.nat({ max: 3 })), { maxLength: 3 })
      .map(
        (steps) =>
          `.${steps
            .map((step) => (typeof step === "number" ? `[${step}]` : `.${step}`))
            .join("")
            .replace(/^\./, "")}`,
      );
    const documents = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));
    const flags = fc.subarray(["-r", "-c"]);
    fc.assert(
      fc.property(documents, path, flags, (text, filter, chosen) => {
        const argv = [...chosen, filter];
        const fast = fastPath(argv, bytes(text));
        if (fast === undefined) return;
        answered++;
        const real = runJqInline({ argv, stdin: bytes(text), maxOutputBytes: 1 << 20 });
        expect({ stdout: fast, exitCode: 0 }).toEqual({
          stdout: new TextDecoder().decode(real.stdout),
          exitCode: real.exitCode,
        });
      }),
      { numRuns: 400 },
    );
    expect(answered).toBeGreaterThan(50);
  });

  it("declines invalid UTF-8 and deep nesting", () => {
    expect(
      fastPath(["-r", ".a"], new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
    ).toBe(undefined);
    const deep = `{"a":"x","d":${"[".repeat(300)}${"]".repeat(300)}}`;
    expect(fastPath(["-r", ".a"], bytes(deep))).toBe(undefined);
  });

  it.each([
    [".", []],
    [".a", ["a"]],
    [".a.b_c[0][12].d", ["a", "b_c", 0, 12, "d"]],
    [".a | .b", undefined],
    ['."a"', undefined],
    [".[-1]", undefined],
    ["..", undefined],
    [".a?", undefined],
  ])("reads %s as a plain path: %j", (filter, steps) => {
    expect(plainPath(filter)).toEqual(steps);
  });
});
