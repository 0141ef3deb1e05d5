import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ToolshellError } from "../../src/errors.js";
import { formatIssues } from "../../src/issues/wording.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { compileValidator } from "../../src/schema/validate.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer", minimum: 1 },
    status: { enum: ["open", "closed"] },
    name: { type: "string", minLength: 2, maxLength: 5, pattern: "^[a-z]+$" },
    tags: { type: "array", items: { type: "string" }, maxItems: 2, uniqueItems: true },
    filter: { $ref: "#/$defs/filter" },
  },
  required: ["id"],
  additionalProperties: false,
  $defs: {
    filter: {
      type: "object",
      properties: { status: { $ref: "#/$defs/status" }, limit: { type: "integer" } },
      required: ["status"],
      additionalProperties: false,
    },
    status: { type: "string", enum: ["open", "closed"] },
  },
};
const validate = compileValidator(schema);

describe("compileValidator issues", () => {
  it.each([
    { name: "valid params", params: { id: 1, filter: { status: "open" } }, issues: [] },
    {
      name: "a missing required property",
      params: {},
      issues: [{ code: "missing_required", path: ["id"], expected: ["integer"] }],
    },
    {
      name: "an unknown property",
      params: { id: 1, idd: 2 },
      issues: [
        {
          code: "unknown_flag",
          path: ["idd"],
          key: "idd",
          suggestion: "id",
          known: ["id", "status", "name", "tags", "filter"],
        },
      ],
    },
    {
      name: "a wrong type",
      params: { id: "x" },
      issues: [{ code: "invalid_type", path: ["id"], expected: ["integer"], received: "x" }],
    },
    {
      name: "an enum miss with a suggestion",
      params: { id: 1, status: "opne" },
      issues: [
        {
          code: "invalid_enum",
          path: ["status"],
          allowed: ["open", "closed"],
          received: "opne",
          suggestion: "open",
        },
      ],
    },
    {
      name: "a minimum",
      params: { id: 0 },
      issues: [{ code: "too_small", path: ["id"], kind: "number", minimum: 1, inclusive: true, received: 0 }],
    },
    {
      name: "string length and pattern",
      params: { id: 1, name: "ABCDEF" },
      issues: [
        { code: "too_big", path: ["name"], kind: "string", maximum: 5, inclusive: true, received: "ABCDEF" },
        { code: "invalid_format", path: ["name"], pattern: "^[a-z]+$", received: "ABCDEF" },
      ],
    },
    {
      name: "array items, size and uniqueness",
      params: { id: 1, tags: ["a", "a", 3] },
      issues: [
        {
          code: "too_big",
          path: ["tags"],
          kind: "array",
          maximum: 2,
          inclusive: true,
          received: ["a", "a", 3],
        },
        { code: "invalid_type", path: ["tags", 2], expected: ["string"], received: 3 },
        { code: "invalid_value", path: ["tags"], keyword: "uniqueItems", received: ["a", "a", 3] },
      ],
    },
    {
      name: "nested problems behind $refs",
      params: { id: 1, filter: { statuss: "open", limit: "5" } },
      issues: [
        { code: "missing_required", path: ["filter", "status"], expected: ["string"] },
        {
          code: "unknown_key",
          path: ["filter", "statuss"],
          key: "statuss",
          suggestion: "status",
          known: ["status", "limit"],
        },
        { code: "invalid_type", path: ["filter", "limit"], expected: ["integer"], received: "5" },
      ],
    },
  ])("reports $name", ({ params, issues }) => {
    expect(validate(params)).toEqual(issues);
  });

  it("does not coerce or fill defaults into the caller's params", () => {
    const withDefault = compileValidator({ properties: { n: { type: "integer", default: 3 } } });
    const params = { m: "1" };
    expect(withDefault(params)).toEqual([]);
    expect(params).toEqual({ m: "1" });
    expect(compileValidator({ properties: { n: { type: "integer" } } })({ n: "1" })).toHaveLength(1);
  });
});

describe("compileValidator oneOf/anyOf", () => {
  const union = compileValidator({
    type: "object",
    properties: {
      value: { oneOf: [{ type: "string" }, { type: "integer" }] },
      shape: {
        oneOf: [
          { $ref: "#/$defs/circle" },
          {
            type: "object",
            properties: { kind: { const: "square" }, side: { type: "number" } },
            required: ["kind", "side"],
          },
        ],
      },
    },
    $defs: {
      circle: {
        type: "object",
        properties: { kind: { const: "circle" }, radius: { type: "number" } },
        required: ["kind", "radius"],
      },
    },
  });

  it.each([
    {
      name: "no branch type",
      params: { value: true },
      issues: [{ code: "invalid_type", path: ["value"], expected: ["string", "integer"], received: true }],
    },
    {
      name: "a bad discriminator",
      params: { shape: { kind: "squar", side: 1 } },
      issues: [
        {
          code: "invalid_enum",
          path: ["shape", "kind"],
          allowed: ["circle", "square"],
          received: "squar",
          suggestion: "square",
        },
      ],
    },
    {
      name: "the error inside the branch the discriminator picks",
      params: { shape: { kind: "square", side: "2" } },
      issues: [{ code: "invalid_type", path: ["shape", "side"], expected: ["number"], received: "2" }],
    },
    {
      name: "the error inside a $ref branch",
      params: { shape: { kind: "circle" } },
      issues: [{ code: "missing_required", path: ["shape", "radius"], expected: ["number"] }],
    },
  ])("collapses $name", ({ params, issues }) => {
    expect(union(params)).toEqual(issues);
  });

  it("reports a value matching more than one oneOf branch", () => {
    const ambiguous = compileValidator({
      properties: { n: { oneOf: [{ type: "number" }, { type: "integer" }] } },
    });
    expect(ambiguous({ n: 1 })).toEqual([{ code: "invalid_value", path: ["n"], keyword: "oneOf" }]);
  });
});

describe("compileValidator references", () => {
  it("compiles schemas sharing an $id independently", () => {
    const asString = compileValidator({
      $id: "https://example.com/t",
      properties: { a: { type: "string" } },
    });
    const asInteger = compileValidator({
      $id: "https://example.com/t",
      properties: { a: { type: "integer" } },
    });
    expect([asString({ a: 1 }).length, asInteger({ a: 1 }).length]).toEqual([1, 0]);
  });

  it.each([
    {
      name: "an external $ref",
      schema: { properties: { a: { $ref: "https://example.com/a.json" } } },
      message: 'invalid schema: external $ref "https://example.com/a.json" is not supported',
    },
    {
      name: "a relative file $ref",
      schema: { properties: { a: { $ref: "other.json#/a" } } },
      message: 'invalid schema: external $ref "other.json#/a" is not supported',
    },
    {
      name: "a non-string $ref",
      schema: { properties: { a: { $ref: 5 } } },
      message: "invalid schema: $ref must be a string, got 5",
    },
    {
      name: "an unresolvable $ref",
      schema: { properties: { a: { $ref: "#/$defs/missing" } } },
      message: 'invalid schema: cannot resolve $ref "#/$defs/missing"',
    },
    {
      name: "a $ref in a deep $defs",
      schema: { $defs: { a: { items: { $ref: "#/nope" } } } },
      message: 'invalid schema: cannot resolve $ref "#/nope"',
    },
  ])("throws invalid_schema for $name", ({ schema: bad, message }) => {
    expect(() => compileValidator(bad)).toThrowError(new ToolshellError("invalid_schema", message));
    expect(() => compileValidator(bad)).toThrow(expect.objectContaining({ code: "invalid_schema" }));
  });

  it("throws invalid_schema for a schema ajv rejects", () => {
    expect(() => compileValidator({ type: "object", properties: { a: { type: "nonsense" } } })).toThrow(
      expect.objectContaining({ name: "ToolshellError", code: "invalid_schema" }),
    );
  });

  it("ignores $ref-shaped data in enum, const and property names", () => {
    const check = compileValidator({ properties: { $ref: { enum: [{ $ref: "http://x" }] } } });
    expect(check({ $ref: { $ref: "http://x" } })).toEqual([]);
  });

  it("accepts draft-07 schemas with definitions and tuple items", () => {
    const check = compileValidator({
      $schema: "http://json-schema.org/draft-07/schema#",
      properties: { pair: { $ref: "#/definitions/pair" } },
      definitions: {
        pair: { type: "array", items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
      },
    });
    expect(check({ pair: ["a", 1] })).toEqual([]);
    expect(check({ pair: ["a", "b"] })).toEqual([
      { code: "invalid_type", path: ["pair", 1], expected: ["integer"], received: "b" },
    ]);
  });
});

describe("compileValidator with zod", () => {
  const Node: z.ZodType<{ name: string; children: unknown[] }> = z.object({
    name: z.string(),
    get children() {
      return z.array(Node);
    },
  });
  const zodSchema = z.toJSONSchema(
    z.object({
      id: z.int(),
      email: z.email().optional(),
      status: z.enum(["open", "closed"]).optional(),
      tree: Node.optional(),
    }),
  ) as JsonSchema;
  const check = compileValidator(zodSchema);

  it("validates zod output carrying the 2020-12 $schema", () => {
    expect(zodSchema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(check({ id: 1, tree: { name: "a", children: [{ name: "b", children: [] }] } })).toEqual([]);
  });

  it("reports errors deep inside recursive zod schemas", () => {
    expect(check({ id: 1.5, tree: { name: "a", children: [{ name: 2, children: [] }] } })).toEqual([
      { code: "invalid_type", path: ["id"], expected: ["integer"], received: 1.5 },
      { code: "invalid_type", path: ["tree", "children", 0, "name"], expected: ["string"], received: 2 },
    ]);
  });

  it("formats the issues as exact stderr lines", () => {
    expect(formatIssues("get_user", check({ idd: 1, status: "opne", email: "nope" }))).toBe(
      [
        "get_user: missing required flag --id (integer)",
        "get_user: unknown flag --idd (did you mean --id?); flags: --id, --email, --status, --tree",
        'get_user: --email: expected format email, got "nope"',
        'get_user: --status: expected one of open|closed, got "opne" (did you mean "open"?)',
        "Try: help get_user",
        "",
      ].join("\n"),
    );
  });

  it("reports only the type error when a value has the wrong type", () => {
    expect(check({ id: 1, status: 5 })).toEqual([
      { code: "invalid_type", path: ["status"], expected: ["string"], received: 5 },
    ]);
  });
});

describe("recursive and cyclic references", () => {
  it("validates a recursive schema whose items refer to the root", () => {
    const tree: JsonSchema = {
      type: "object",
      properties: { name: { type: "string" }, kids: { type: "array", items: { $ref: "#" } } },
      required: ["name"],
    };
    const check = compileValidator(tree);
    expect(check({ name: "root", kids: [{ name: "leaf", kids: [] }] })).toEqual([]);
    expect(check({ name: "root", kids: [{ kids: [] }] })).toEqual([
      { code: "missing_required", path: ["kids", 0, "name"], expected: ["string"] },
    ]);
  });

  it.each([
    ["a root that refers to itself", { $ref: "#" }, 'invalid schema: cyclic $ref "#" refers only to itself'],
    [
      "two definitions that refer to each other",
      {
        properties: { a: { $ref: "#/$defs/x" } },
        $defs: { x: { $ref: "#/$defs/y" }, y: { $ref: "#/$defs/x" } },
      },
      'invalid schema: cyclic $ref "#/$defs/x" refers only to itself',
    ],
  ])("refuses %s at registration", (_name, schema, message) => {
    expect(() => compileValidator(schema as JsonSchema)).toThrow(
      new ToolshellError("invalid_schema", message),
    );
  });
});
