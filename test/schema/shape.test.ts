import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { outputShape, type ShapeOptions } from "../../src/schema/shape.js";
import { userSchema as user } from "../fixtures/user-schema.js";

const manyFields: JsonSchema = {
  type: "object",
  properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field_${i}`, { type: "string" }])),
  required: Array.from({ length: 40 }, (_, i) => `field_${i}`),
};

const cases: Array<[string, JsonSchema | boolean, string, ShapeOptions?]> = [
  ["empty schema", {}, "any"],
  ["true", true, "any"],
  ["false", false, "never"],
  ["not {}", { not: {} }, "never"],
  ["scalar", { type: "integer" }, "integer"],
  ["type list", { type: ["string", "null"] }, "string|null"],
  ["OpenAPI nullable", { type: "number", nullable: true }, "number|null"],
  ["enum (strings quoted, as jq compares them)", { enum: ["open", "closed"] }, '"open"|"closed"'],
  ["nullable enum", { type: "string", enum: ["a", "b"], nullable: true }, '"a"|"b"|null'],
  ["const", { const: 3 }, "3"],
  ["long enum cut", { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, "1|2|3|4|5|6|7|8|..."],
  ["plain object", { type: "object" }, "object"],
  [
    "required and optional properties",
    user,
    "{id: integer, name: string, tags: [string], address: {city: string, zip?: string}}",
  ],
  [
    "implicit object and array",
    { properties: { list: { items: { type: "boolean" } } } },
    "{list?: [boolean]}",
  ],
  ["array without items", { type: "array" }, "[any]"],
  [
    "array of objects",
    { type: "array", items: { type: "object", properties: { sku: { type: "string" } }, required: ["sku"] } },
    "[{sku: string}]",
  ],
  ["tuple", { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] }, "[string, integer]"],
  ["map", { type: "object", additionalProperties: { type: "integer" } }, "{[key]: integer}"],
  [
    "quoted keys",
    { type: "object", properties: { "first-name": { type: "string" } } },
    '{"first-name"?: string}',
  ],
  [
    "$ref into $defs",
    {
      type: "object",
      properties: { owner: { $ref: "#/$defs/user" } },
      required: ["owner"],
      $defs: { user: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
    },
    "{owner: {id: integer}}",
  ],
  [
    "recursive $ref",
    {
      $ref: "#/$defs/node",
      $defs: {
        node: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/node" } },
          },
          required: ["name"],
        },
      },
    },
    "{name: string, children?: [{...}]}",
  ],
  [
    "allOf merged, through $ref",
    {
      allOf: [{ $ref: "#/$defs/base" }, { properties: { extra: { type: "boolean" } }, required: ["extra"] }],
      $defs: { base: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] } },
    },
    "{id: integer, extra: boolean}",
  ],
  [
    "oneOf",
    { oneOf: [{ type: "string" }, { type: "object", properties: { code: { type: "integer" } } }] },
    "string|{code?: integer}",
  ],
  [
    "anyOf with null",
    { anyOf: [{ type: "array", items: { type: "number" } }, { type: "null" }] },
    "[number]|null",
  ],
  [
    "object or null by type list",
    { type: ["object", "null"], properties: { a: { type: "string" } } },
    "{a?: string}|null",
  ],
  [
    "repeated union members once",
    { anyOf: [{ type: "string" }, { type: "string", format: "email" }] },
    "string",
  ],
  [
    "depth cut",
    {
      type: "object",
      properties: {
        a: {
          type: "object",
          properties: {
            b: {
              type: "object",
              properties: { c: { type: "object", properties: { d: { type: "string" } } } },
            },
          },
        },
      },
    },
    "{a?: {b?: {c?: {...}}}}",
  ],
  ["depth option", user, "{id: integer, name: string, tags: [string], address: {...}}", { maxDepth: 1 }],
  [
    "long object cut with ...",
    manyFields,
    "{field_0: string, field_1: string, field_2: string, field_3: string, ...}",
    { maxLength: 80 },
  ],
  [
    "nested object cut with ...",
    user,
    "{id: integer, name: string, tags: [string], address: {city: string, ...}}",
    { maxLength: 76 },
  ],
  [
    "long union cut",
    { oneOf: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] },
    "string|...",
    { maxLength: 16 },
  ],
  ["nothing fits", user, "{...}", { maxLength: 6 }],
];

describe("outputShape", () => {
  it.each(cases)("%s", (_name, schema, expected, options) => {
    expect(outputShape(schema, options)).toBe(expected);
  });

  it("renders zod output schemas (defaults present, transforms' output side)", () => {
    const schema = z.object({
      id: z.number().int(),
      status: z.enum(["open", "closed"]),
      note: z.string().nullable(),
      when: z.string().optional(),
      count: z.number().default(0),
      kind: z.discriminatedUnion("t", [
        z.object({ t: z.literal("a"), x: z.number() }),
        z.object({ t: z.literal("b") }),
      ]),
    });
    expect(outputShape(z.toJSONSchema(schema, { io: "output" }) as JsonSchema)).toBe(
      '{id: integer, status: "open"|"closed", note: string|null, when?: string, count: number, kind: {t: "a", x: number}|{t: "b"}}',
    );
  });

  it("never exceeds maxLength, whatever the schema", () => {
    const deep: JsonSchema = { type: "object", properties: {} };
    let node = deep;
    for (let i = 0; i < 50; i++) {
      const child: JsonSchema = {
        type: "object",
        properties: { [`k${i}`]: { enum: ["x".repeat(30), 1, 2] } },
      };
      (node.properties as JsonSchema)[`level_${i}`] = child;
      node = child;
    }
    for (const maxLength of [3, 10, 40, 80, 200]) {
      for (const schema of [deep, manyFields, user]) {
        expect(outputShape(schema, { maxLength, maxDepth: 100 }).length).toBeLessThanOrEqual(maxLength);
      }
    }
  });
});
