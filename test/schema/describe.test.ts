import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeFlags, usageLine } from "../../src/schema/describe.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    verbose: { type: "boolean", description: "Print more" },
    id: { $ref: "#/$defs/id" },
    status: { type: "string", enum: ["open", "closed"], default: "open" },
    tags: { type: "array", items: { type: "string" } },
    ids: { type: ["array", "null"], items: { type: "integer" } },
    filter: { type: "object", properties: { status: { type: "string" } } },
    items: { type: "array", items: { type: "object" } },
    either: { oneOf: [{ type: "string" }, { type: "integer" }] },
    anything: {},
  },
  required: ["id", "tags"],
  $defs: { id: { type: "integer", description: "User id" } },
};

describe("describeFlags", () => {
  it("describes every top-level property in declaration order", () => {
    expect(describeFlags(schema)).toEqual([
      { name: "verbose", type: "boolean", required: false, description: "Print more" },
      { name: "id", type: "integer", required: true, description: "User id" },
      { name: "status", type: "string", required: false, enum: ["open", "closed"], default: "open" },
      { name: "tags", type: "json|a,b,c", required: true },
      { name: "ids", type: "json|1,2,3", required: false },
      { name: "filter", type: "json|key=value ...", required: false },
      { name: "items", type: "json|key=value ...", required: false },
      { name: "either", type: "string|integer", required: false },
      { name: "anything", type: "any", required: false },
    ]);
  });

  it("merges properties and required lists across allOf", () => {
    const merged = {
      allOf: [
        { properties: { a: { type: "string" } }, required: ["a"] },
        { properties: { b: { const: 1 } } },
      ],
    };
    expect(describeFlags(merged)).toEqual([
      { name: "a", type: "string", required: true },
      { name: "b", type: "integer", required: false, enum: [1] },
    ]);
  });

  it("describes zod-generated schemas", () => {
    const zodSchema = z.toJSONSchema(
      z.object({ id: z.int().describe("User id"), note: z.string().nullable().optional() }),
    ) as JsonSchema;
    expect(describeFlags(zodSchema)).toEqual([
      { name: "id", type: "integer", required: true, description: "User id" },
      { name: "note", type: "string|null", required: false },
    ]);
  });

  it("returns nothing for a schema without properties", () => {
    expect(describeFlags({})).toEqual([]);
  });

  it("returns a fresh array on every call", () => {
    const first = describeFlags(schema);
    first.pop();
    expect(describeFlags(schema)).toHaveLength(9);
  });
});

describe("usageLine", () => {
  it.each([
    {
      name: "a typical tool",
      schema: { properties: { id: { type: "integer" }, verbose: { type: "boolean" } }, required: ["id"] },
      line: "get_user --id <integer> [--verbose]",
    },
    {
      name: "required flags first and enums spelled out",
      schema: {
        properties: { status: { enum: ["open", "closed"] }, q: { type: "string" } },
        required: ["q"],
      },
      line: "get_user --q <string> [--status <open|closed>]",
    },
    {
      name: "long enums as their type",
      schema: { properties: { n: { enum: [1, 2, 3, 4, 5, 6, 7] } } },
      line: "get_user [--n <integer>]",
    },
    { name: "no flags", schema: {}, line: "get_user" },
  ])("renders $name", ({ schema: input, line }) => {
    expect(usageLine("get_user", input)).toBe(line);
  });

  it("renders aggregates with their syntax", () => {
    expect(usageLine("t", schema)).toBe(
      "t --id <integer> --tags <json|a,b,c> [--verbose] [--status <open|closed>] [--ids <json|1,2,3>] " +
        "[--filter <json|key=value ...>] [--items <json|key=value ...>] [--either <string|integer>] [--anything <any>]",
    );
  });
});
