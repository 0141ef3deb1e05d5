// Decision 0042: the prebuilt 2020-12 meta-schema check (ajv's standalone code, dist/schema/meta-2020.cjs) accepts
// exactly the schemas ajv's own validateSchema accepts, so registration refuses what it refused before.
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const prebuilt = createRequire(import.meta.url)("#meta-schema-2020") as (schema: unknown) => boolean;
const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  addUsedSchema: false,
});

/** Values a keyword may wrongly or rightly hold. */
const anyValue = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    "",
    "x",
    "#",
    "#/$defs/a",
    "1a",
    "a b",
    "http://x/y#z",
    "string",
  ),
  fc.constantFrom([], ["a"], ["a", "a"], [1], {}, { type: "string" }, [{ type: "string" }]),
);
const typeValue = fc.oneof(
  fc.constantFrom("string", "integer", "number", "object", "array", "boolean", "null", "date", 1),
  fc.constantFrom(["string", "null"], ["string", "string"], [], ["nope"]),
);

const schema: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.boolean(),
    fc.dictionary(
      fc.constantFrom(
        "type",
        "properties",
        "required",
        "enum",
        "const",
        "minimum",
        "maxLength",
        "pattern",
        "items",
        "prefixItems",
        "additionalProperties",
        "anyOf",
        "oneOf",
        "not",
        "$ref",
        "$id",
        "$anchor",
        "$dynamicAnchor",
        "$defs",
        "format",
        "description",
        "default",
        "dependentRequired",
        "unevaluatedProperties",
        "x-custom",
      ),
      fc.oneof(
        anyValue,
        typeValue,
        tie("node"),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom("a", "b", "id"), tie("node"), { maxKeys: 3 }),
      ),
      { maxKeys: 5 },
    ),
  ),
})).node;

describe("the prebuilt meta-schema check", () => {
  it("accepts what ajv's validateSchema accepts, on generated schemas", () => {
    let refused = 0;
    fc.assert(
      fc.property(schema, (candidate) => {
        const expected = ajv.validateSchema(candidate as object) as boolean;
        if (!expected) refused++;
        expect(prebuilt(candidate)).toBe(expected);
      }),
      { numRuns: 5_000, seed: Number(process.env.META_CHECK_SEED ?? 42) },
    );
    // Both sides were exercised.
    expect(refused).toBeGreaterThan(500);
    expect(refused).toBeLessThan(4_500);
  });

  it.each([
    [{ type: "object", properties: { id: { type: "integer" } }, required: ["id"] }, true],
    [{ type: "strin" }, false],
    [{ required: "id" }, false],
    [{ properties: { a: { minimum: "1" } } }, false],
    [{ $anchor: "1a" }, false],
    [{ $defs: { a: { type: "string" } }, $ref: "#/$defs/a" }, true],
  ])("reads %j as ajv does", (candidate, valid) => {
    expect(ajv.validateSchema(candidate)).toBe(valid);
    expect(prebuilt(candidate)).toBe(valid);
  });
});
