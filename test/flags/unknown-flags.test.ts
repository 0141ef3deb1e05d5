// Issue 16, item 7: an unknown flag was passed through whenever the schema lacked additionalProperties: false, so
// `--limti 10` reached a callback that never read it and the model never learned. It is refused with did-you-mean
// unless the schema says other properties are welcome.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

const search = {
  type: "object",
  properties: { q: { type: "string" }, limit: { type: "integer" } },
  required: ["q"],
};

function tool(inputSchema: unknown, received: unknown[] = []) {
  return track(
    new ScriptedTool({
      name: "t",
      isolation: "inline",
      tools: [
        {
          name: "search",
          inputSchema,
          execute: (params: unknown) => {
            received.push(params);
            return "ok";
          },
        },
      ],
    }),
  );
}

describe("a flag the schema does not define", () => {
  it.each([
    ["a JSON Schema that does not mention additionalProperties", search],
    ["a zod object", z.object({ q: z.string(), limit: z.number().int().optional() })],
  ])("is refused with did-you-mean for %s", async (_, schema) => {
    const received: unknown[] = [];
    const result = await tool(schema, received).execute("search --q shoes --limti 10");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      "search: unknown flag --limti (did you mean --limit?); flags: --q, --limit\nTry: help search\n",
    );
    expect(received).toEqual([]);
  });

  it.each([
    ["additionalProperties: true", { ...search, additionalProperties: true }],
    ["additionalProperties: a schema", { ...search, additionalProperties: { type: "string" } }],
    ["patternProperties", { ...search, patternProperties: { "^x-": { type: "string" } } }],
    ["a zod looseObject", z.looseObject({ q: z.string() })],
  ])("passes through when the schema says others are welcome: %s", async (_, schema) => {
    const received: unknown[] = [];
    const result = await tool(schema, received).execute("search --q shoes --x-trace on");
    expect(result.stderr).toBe("");
    expect(received).toEqual([{ q: "shoes", "x-trace": "on" }]);
  });

  it.each([
    [
      "if/then",
      {
        ...search,
        if: { properties: { q: { const: "x" } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's own keyword, not a thenable.
        then: { properties: { extra: { type: "string" } } },
      },
    ],
    [
      "dependentSchemas",
      { ...search, dependentSchemas: { q: { properties: { extra: { type: "string" } } } } },
    ],
  ])("passes through when %s may define more flags than the properties read", async (_, schema) => {
    const received: unknown[] = [];
    const result = await tool(schema, received).execute("search --q x --extra y");
    expect(result.stderr).toBe("");
    expect(received).toEqual([{ q: "x", extra: "y" }]);
  });

  it("passes through when the schema defines no flags at all", async () => {
    const received: unknown[] = [];
    await tool({ type: "object" }, received).execute("search --anything 1");
    await tool(undefined, received).execute("search --anything 2");
    expect(received).toEqual([{ anything: "1" }, { anything: "2" }]);
  });

  it("is refused as a key of a nested key=value pair too", async () => {
    const schema = {
      type: "object",
      properties: { filter: { type: "object", properties: { status: { type: "string" } } } },
    };
    const result = await tool(schema).execute("search --filter stauts=open");
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^search: --filter: unknown key stauts \(did you mean status\?\)/);
  });

  it("is named in help when the tool takes flags besides its own", async () => {
    const open = await tool({ ...search, additionalProperties: true }).execute("help search");
    expect(open.stdout).toContain("Other flags are passed on as given.\n");
    const closed = await tool(search).execute("help search");
    expect(closed.stdout).not.toContain("Other flags");
  });
});
