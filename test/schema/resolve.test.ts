import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { effectiveType, propertySchemas, resolveLocalRef } from "../../src/schema/resolve.js";

const root: JsonSchema = {
  $defs: {
    a: { $ref: "#/$defs/b" },
    b: { $ref: "#/$defs/a" },
    self: { $ref: "#/$defs/self" },
    "x/y": { $anchor: "target", type: "string" },
    node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } },
  },
  definitions: { old: { $id: "#legacy", type: "integer" } },
  list: [{ type: "boolean" }],
};

const typesOf = (schema: unknown): string[] => [...effectiveType(schema, root).types].sort();

describe("resolveLocalRef", () => {
  it.each([
    { ref: "#", found: root },
    { ref: "#/$defs/x~1y", found: { $anchor: "target", type: "string" } },
    { ref: "#/%24defs/x~1y", found: { $anchor: "target", type: "string" } },
    { ref: "#target", found: { $anchor: "target", type: "string" } },
    { ref: "#legacy", found: { $id: "#legacy", type: "integer" } },
    { ref: "#/list/0", found: { type: "boolean" } },
    { ref: "#/list/01", found: undefined },
    { ref: "#/$defs/missing", found: undefined },
    { ref: "#/__proto__", found: undefined },
    { ref: "#/%E0%A4%A", found: undefined },
    { ref: "other.json#/a", found: undefined },
  ])("resolves $ref", ({ ref, found }) => {
    expect(resolveLocalRef(root, ref)).toEqual(found);
  });
});

describe("effectiveType", () => {
  it.each([
    { schema: { type: "string" }, types: ["string"] },
    { schema: { type: ["array", "null"] }, types: ["array", "null"] },
    { schema: { type: "string", nullable: true }, types: ["null", "string"] },
    { schema: { items: {} }, types: ["array"] },
    { schema: { properties: {} }, types: ["object"] },
    { schema: { enum: ["a", 1, null] }, types: ["integer", "null", "string"] },
    { schema: { const: 1.5 }, types: ["number"] },
    { schema: { anyOf: [{ type: "string" }, { type: "null" }] }, types: ["null", "string"] },
    { schema: { oneOf: [{ type: "string" }, {}] }, types: [] },
    { schema: { allOf: [{ type: "number" }, { type: "integer" }] }, types: ["integer"] },
    { schema: { type: "integer", $ref: "#/list/0" }, types: [] },
    { schema: { $ref: "#/$defs/a" }, types: [] },
    { schema: { $ref: "#/$defs/self" }, types: [] },
    { schema: { $ref: "#/$defs/missing" }, types: [] },
    { schema: true, types: [] },
  ])("resolves $schema to $types", ({ schema, types }) => {
    expect(typesOf(schema)).toEqual(types);
  });

  it("merges object shape across combinators", () => {
    const schema = {
      allOf: [{ properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false }],
      oneOf: [
        { properties: { b: { type: "integer" } }, required: ["b", "c"] },
        { properties: { c: { type: "integer" } }, required: ["c"] },
      ],
    };
    const type = effectiveType(schema, root);
    expect([[...type.properties.keys()], [...type.required].sort(), type.closed]).toEqual([
      ["a", "b", "c"],
      ["a", "c"],
      true,
    ]);
  });

  it("stops at recursive object schemas", () => {
    const next = propertySchemas({ $ref: "#/$defs/node" }, root).get("next");
    expect(typesOf(next)).toEqual(["object"]);
  });

  it("keeps description and default of the schema itself over its $ref", () => {
    const type = effectiveType({ $ref: "#/$defs/x~1y", description: "own", default: "d" }, root);
    expect([type.description, type.default, type.hasDefault]).toEqual(["own", "d", true]);
  });
});
