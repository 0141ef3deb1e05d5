// The shell hands jq its stdin as a latin1 string (a character per byte); the fast path reads an ASCII one as it
// is and decodes any other from its bytes, so it must answer exactly as for the bytes themselves.
import { describe, expect, it } from "vitest";
import { fastPath } from "../../src/jq/fast-path.js";

const latin1 = (bytes: Buffer) => bytes.toString("latin1");

describe("jq fast path: stdin as the shell carries it", () => {
  it.each([
    ["ASCII", Buffer.from('{"name":"Ada","n":[1,2.5]}\n')],
    ["UTF-8 past ASCII", Buffer.from('{"name":"Zoë 😀","city":"東京"}\n')],
    ["two documents", Buffer.from('{"name":"a"} {"name":"b"}\n')],
    ["invalid UTF-8 (jq is asked)", Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])],
    ["a byte-order mark (jq is asked)", Buffer.from('\ufeff{"name":"x"}')],
  ])("answers %s as for its bytes", (_, bytes) => {
    for (const argv of [
      ["-r", ".name"],
      ["-c", "."],
    ]) {
      expect(fastPath(argv, latin1(bytes))).toEqual(fastPath(argv, bytes));
    }
  });

  it("reads non-ASCII text from its bytes, not as latin1 characters", () => {
    const bytes = Buffer.from('{"name":"Zoë"}');
    expect(fastPath(["-r", ".name"], latin1(bytes))).toEqual({ stdout: "Zoë\n", exitCode: 0 });
    expect(fastPath(["-r", ".name"], latin1(Buffer.from([0x22, 0xff, 0x22])))).toBe(undefined);
  });
});
