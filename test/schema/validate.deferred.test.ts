// Decision 0037: registration checks a schema without compiling it, and refuses then what compiling would refuse.
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { compileValidator, deferredValidator } from "../../src/schema/validate.js";

/** What creating a validator throws (its code and message, the schema's generated `$id` elided), or "accepted". */
function refusal(create: () => unknown): unknown {
  try {
    create();
    return "accepted";
  } catch (error) {
    const { name, code, message } = error as { name: string; code?: string; message: string };
    return { name, code, message: message.replace(/urn:toolshell:schema:\d+/g, "urn:toolshell:schema:N") };
  }
}

describe("a deferred validator", () => {
  it.each<[string, unknown]>([
    ["an external $ref", { properties: { a: { $ref: "https://example.com/a.json" } } }],
    ["an unresolvable $ref", { properties: { a: { $ref: "#/$defs/missing" } } }],
    ["a cyclic $ref", { $ref: "#" }],
    ["a schema ajv's meta-schema rejects", { properties: { a: { type: "nonsense" } } }],
    ["a negative minLength", { type: "string", minLength: -1 }],
    ["a function in the schema", { properties: { a: { default: () => 1 } } }],
    ["a lookahead pattern", { properties: { q: { type: "string", pattern: "(?=a)b" } } }],
    ["a backreference in patternProperties", { patternProperties: { "(a)\\1": {} } }],
    ["a pattern under not", { properties: { q: { not: { pattern: "(?<!a)b" } } } }],
    ["a pattern that is not a regular expression", { type: "string", pattern: "[" }],
    ["a pattern past the engine's size cap", { type: "string", pattern: "(?:a{0,1000}){0,1000}" }],
    [
      "a $ref under a nested $id, which resolves against that $id",
      { properties: { b: { $id: "sub", properties: { c: { $ref: "#/properties/b" } } } } },
    ],
    [
      "two subschemas with the same $id",
      { properties: { a: { $id: "http://x/s" }, b: { $id: "http://x/s" } } },
    ],
    ["an empty enum", { properties: { a: { enum: [] } } }],
    ["nullable without a type", { properties: { a: { nullable: true } } }],
    [
      "two subschemas with the same $anchor",
      { $defs: { a: { $anchor: "x" }, b: { $anchor: "x" } }, properties: { p: { $ref: "#x" } } },
    ],
  ])("is refused when it is created, as a compiled one is, for %s", (_name, schema) => {
    const compiled = refusal(() => compileValidator(schema as JsonSchema));
    expect(compiled).toMatchObject({ name: "ToolshellError", code: "invalid_schema" });
    expect(refusal(() => deferredValidator(schema as JsonSchema))).toEqual(compiled);
  });

  it("refuses a pattern the linear-time engine cannot run even in an unreferenced $defs, which ajv never compiles", () => {
    const schema: JsonSchema = { $defs: { unused: { type: "string", pattern: "(?=a)" } } };
    expect(refusal(() => compileValidator(schema))).toBe("accepted");
    expect(refusal(() => deferredValidator(schema))).toMatchObject({ code: "invalid_schema" });
  });

  it.each<[string, JsonSchema, unknown, unknown]>([
    [
      "an object schema",
      {
        type: "object",
        properties: { id: { type: "integer" } },
        required: ["id"],
        additionalProperties: false,
      },
      { id: 1 },
      { id: "1", extra: true },
    ],
    ["a pattern", { type: "string", pattern: "^[a-z]+$" }, "abc", "ABC"],
    [
      "a recursive schema",
      { type: "object", properties: { kids: { type: "array", items: { $ref: "#" } } } },
      { kids: [{ kids: [] }] },
      { kids: [{ kids: 1 }] },
    ],
    [
      "an anchor, compiled at once",
      { $defs: { n: { $anchor: "n", type: "number" } }, properties: { a: { $ref: "#n" } } },
      { a: 1 },
      { a: "x" },
    ],
  ])("finds what a compiled validator finds, for %s", (_name, schema, valid, invalid) => {
    const compiled = compileValidator(schema);
    const deferred = deferredValidator(schema);
    expect(deferred(valid)).toEqual([]);
    expect(deferred(invalid)).toEqual(compiled(invalid));
    expect(deferred(invalid).length).toBeGreaterThan(0);
    // Compiled once: the second check gives the same answer.
    expect(deferred(invalid)).toEqual(compiled(invalid));
  });
});
