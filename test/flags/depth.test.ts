import { describe, expect, it } from "vitest";
import { parseFlags } from "../../src/flags/parse.js";
import { ScriptedTool } from "../../src/index.js";
import { MAX_JSON_DEPTH } from "../../src/limits.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { MODES, track } from "../helpers.js";

// TM-DOS-001: JSON nested thousands deep in a flag or on stdin used to reach the worker's "call" message, which
// then failed to deserialize on the host: the run hung until its deadline and lost its output.

/** `levels` arrays, one inside the other: `[[[]]]` is 3 levels. */
const nested = (levels: number): string => `${"[".repeat(levels)}${"]".repeat(levels)}`;

const schema: JsonSchema = {
  type: "object",
  properties: {
    filter: { type: "object" },
    tags: { type: "array" },
    items: { type: "array", items: { type: "object" } },
    note: { type: ["string", "array"] },
  },
  // Open: an unknown flag is passed on (a schema with properties refuses them unless it says so).
  additionalProperties: true,
};
const tooDeep = (flag: string) => ({ code: "too_deep", path: [flag], maximum: MAX_JSON_DEPTH });

describe("flag values nested deeper than MAX_JSON_DEPTH", () => {
  it("is 64 levels", () => {
    expect(MAX_JSON_DEPTH).toBe(64);
  });

  it.each([
    ["an object flag as JSON", ["--filter", `{"a":${nested(63)}}`], "filter"],
    ["an array flag as JSON", ["--tags", nested(64)], "tags"],
    ["an array of objects, one object", ["--items", `{"a":${nested(62)}}`], "items"],
    ["a typed value", ["--note", nested(64)], "note"],
    ["an unknown flag (open schema)", ["--other", nested(64)], "other"],
  ])("accepts %s at the limit", (_label, argv, name) => {
    const result = parseFlags(argv, schema);
    expect(result.issues).toEqual([]);
    expect(Object.keys(result.params)).toEqual([name]);
  });

  it.each([
    ["an object flag as JSON", ["--filter", `{"a":${nested(64)}}`], "filter"],
    ["an array flag as JSON", ["--tags", nested(65)], "tags"],
    ["an array flag, repeated", ["--tags", "1", "--tags", nested(65)], "tags"],
    ["an array of objects, one object", ["--items", `{"a":${nested(63)}}`], "items"],
    ["a key=value pair", ["--filter", `a=${nested(64)}`], "filter"],
    ["a typed value", ["--note", nested(65)], "note"],
    ["an unknown flag (open schema)", ["--other", nested(65)], "other"],
    ["8 KiB of brackets", ["--filter", `{"a":${nested(4096)}}`], "filter"],
  ])("refuses %s one level past it, and drops the value", (_label, argv, name) => {
    expect(parseFlags(argv, schema)).toEqual({ params: {}, issues: [tooDeep(name)] });
  });

  it("keeps the other flags' values", () => {
    expect(parseFlags(["--tags", nested(65), "--filter", "a=1"], schema)).toEqual({
      params: { filter: { a: "1" } },
      issues: [tooDeep("tags")],
    });
  });
});

describe.each(MODES)("deep JSON in a run (%s)", (mode) => {
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation: mode,
      tools: [
        {
          name: "get_user",
          inputSchema: { type: "object", properties: { filter: { type: "object" } } },
          execute: ({ filter }) => ({ got: Object.keys(filter as object) }),
        },
      ],
    }),
  );
  const stderr = `get_user: --filter: JSON nested deeper than ${MAX_JSON_DEPTH} levels\nTry: help get_user\n`;

  it("refuses a flag 4,096 levels deep with exit 2 and the run goes on", async () => {
    const r = await api.execute(`echo before; get_user --filter '{"a":${nested(4096)}}'; echo "after $?"`);
    expect(r).toMatchObject({ stdout: "before\nafter 2\n", stderr, exitCode: 0 });
  });

  it("refuses the same params piped in as JSON", async () => {
    const r = await api.execute(`echo '{"filter":{"a":${nested(4096)}}}' | get_user; echo "after $?"`);
    expect(r).toMatchObject({ stdout: "after 2\n", stderr, exitCode: 0 });
  });

  it("passes params at the limit to the tool, by flag and by stdin", async () => {
    const flag = await api.execute(`get_user --filter '{"a":${nested(63)}}'`);
    expect(flag).toMatchObject({ stdout: '{"got":["a"]}\n', stderr: "", exitCode: 0 });
    const piped = await api.execute(`echo '{"filter":{"a":${nested(63)}}}' | get_user`);
    expect(piped).toMatchObject({ stdout: '{"got":["a"]}\n', stderr: "", exitCode: 0 });
  });

  it("refuses host calls past the limit with invalid_params", async () => {
    const deep = await api.call("get_user", { filter: JSON.parse(`{"a":${nested(4096)}}`) });
    expect(deep).toMatchObject({
      ok: false,
      error: {
        code: "invalid_params",
        message: `get_user: params nested deeper than ${MAX_JSON_DEPTH} levels`,
      },
    });
    const atLimit = await api.call("get_user", { filter: JSON.parse(`{"a":${nested(63)}}`) });
    expect(atLimit).toMatchObject({ ok: true, value: { got: ["a"] } });
  });
});
