/** The fast path's cache of parsed filters: the 256 most recent, and never a program the parser refuses for its length. */
import { describe, expect, it, vi } from "vitest";

const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/jq/fast/parse.js", async (importOriginal) => {
  const parse = await importOriginal<typeof import("../../src/jq/fast/parse.js")>();
  return {
    ...parse,
    parseFilter: (...args: Parameters<typeof parse.parseFilter>) => {
      parses.count++;
      return parse.parseFilter(...args);
    },
  };
});

const { fastPath } = await import("../../src/jq/fast-path.js");
const { MAX_PROGRAM_CHARS } = await import("../../src/jq/fast/parse.js");

const empty = new Uint8Array();
const filters = Array.from({ length: 256 }, (_, at) => `.a${at}`);

describe("the fast path's parsed filters", () => {
  it("parses a filter once while it is among the 256 most recent", () => {
    for (const filter of filters) fastPath(["-n", filter], empty);
    parses.count = 0;
    for (const filter of filters)
      expect(fastPath(["-n", filter], empty)).toEqual({ stdout: "null\n", exitCode: 0 });
    expect(parses.count).toBe(0);
  });

  it("keeps no room for programs too long to parse", () => {
    for (const filter of filters) fastPath(["-n", filter], empty);
    for (let at = 0; at < 256; at++) {
      const long = `.${" ".repeat(MAX_PROGRAM_CHARS)}a${at}`;
      expect(fastPath(["-n", long], empty)).toBe(undefined);
    }
    parses.count = 0;
    for (const filter of filters) fastPath(["-n", filter], empty);
    expect(parses.count).toBe(0);
  });
});
