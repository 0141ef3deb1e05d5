import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileFlagParser, parseFlags } from "../../src/flags/parse.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const richSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    verbose: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { status: { type: "string" } }, additionalProperties: false },
    items: { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
    node: { $ref: "#/$defs/node" },
    either: { oneOf: [{ type: "integer" }, { type: "array", items: { $ref: "#/$defs/node" } }] },
  },
  $defs: {
    node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
    loop: { $ref: "#/$defs/loop" },
  },
  additionalProperties: false,
};
const schemas: JsonSchema[] = [
  richSchema,
  {},
  { properties: { looped: { $ref: "#/$defs/loop" } }, $defs: { loop: { $ref: "#/$defs/loop" } } },
  { type: 5, properties: null, items: "x", required: "id" },
  { type: "array", items: { type: "array", items: { $ref: "#" } } },
];
const interestingTokens = fc.constantFrom(
  "--",
  "--id",
  "--tags",
  "--filter",
  "--items",
  "--verbose",
  "--no-verbose",
  "--node",
  "--either",
  "--__proto__",
  "--constructor",
  "true",
  "false",
  "null",
  "[",
  "{",
  "a=b",
  "status=x",
  "__proto__=1",
  "--x=y",
  "=",
  "--=",
);
const token = fc.oneof(
  fc.string(),
  interestingTokens,
  fc.string().map((text) => `--${text}`),
  fc.json().map((json) => `--items=${json}`),
  fc.json(),
);

describe("parseFlags fuzz", () => {
  it("never throws and returns JSON-serialisable params for any argv", () => {
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.array(token, { maxLength: 12 }), (schema, argv) => {
        const result = parseFlags(argv, schema);
        expect(Array.isArray(result.issues)).toBe(true);
        expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
        expect(() => JSON.stringify(result.params)).not.toThrow();
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws for arbitrary JSON schemas", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(token, { maxLength: 6 }), (schema, argv) => {
        const parse = compileFlagParser(schema as JsonSchema);
        expect(Array.isArray(parse(argv).issues)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

type FlatType = "string" | "integer" | "boolean" | "array";
const flatTypes: FlatType[] = ["string", "integer", "boolean", "array"];
const valueArbitraries: Record<FlatType, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  integer: fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  boolean: fc.boolean(),
  array: fc.array(fc.string(), { maxLength: 5 }),
};

/** A flat schema (unique snake_case names) with params for a random subset of its properties. */
const flatCase = fc
  .uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), fc.constantFrom(...flatTypes)), {
    selector: ([name]) => name,
    maxLength: 6,
  })
  .chain((properties) =>
    fc.tuple(
      fc.constant(properties),
      fc.tuple(...properties.map(([, type]) => fc.option(valueArbitraries[type], { nil: undefined }))),
      fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }),
    ),
  );

function toSchema(properties: [string, FlatType][]): JsonSchema {
  const entries = properties.map(([name, type]) => [
    name,
    type === "array" ? { type, items: { type: "string" } } : { type },
  ]);
  return { type: "object", properties: Object.fromEntries(entries), additionalProperties: false };
}

/** Renders one value as flags, choosing between the equivalent spellings with `coin`. */
function toArgv(name: string, type: FlatType, value: unknown, coin: () => boolean): string[] {
  const flag = `--${coin() ? name : name.replace(/_/g, "-")}`;
  const pass = (text: string): string[] =>
    text.startsWith("--") || coin() ? [`${flag}=${text}`] : [flag, text];
  if (type === "boolean") return value === true && coin() ? [flag] : [flag, String(value)];
  if (type !== "array") return pass(String(value));
  const items = value as string[];
  const plain = items.length > 0 && items.every((item) => /^[^,[{]/.test(item) && !item.includes(","));
  if (!plain) return pass(JSON.stringify(items));
  return coin() ? pass(items.join(",")) : items.flatMap((item) => [`${flag}=${item}`]);
}

describe("parseFlags round trip", () => {
  it("parses rendered params back to the same params", () => {
    fc.assert(
      fc.property(flatCase, ([properties, values, coins]) => {
        let flip = 0;
        const coin = (): boolean => coins[flip++ % coins.length] ?? false;
        const params: Record<string, unknown> = {};
        const argv: string[] = [];
        properties.forEach(([name, type], index) => {
          const value = values[index];
          if (value === undefined) return;
          params[name] = value;
          argv.push(...toArgv(name, type, value, coin));
        });
        expect(parseFlags(argv, toSchema(properties))).toEqual({ params, issues: [] });
      }),
      { numRuns: 1000 },
    );
  });

  it("gives --key value and --key=value the same result", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("--id", "--tags", "--filter", "--items", "--node", "--either", "--unknown"),
        fc.string().filter((text) => !text.startsWith("--")),
        fc.array(fc.constantFrom("a=1", "status=x", "id=2", "b"), { maxLength: 3 }),
        (flag, value, rest) => {
          expect(parseFlags([`${flag}=${value}`, ...rest], richSchema)).toEqual(
            parseFlags([flag, value, ...rest], richSchema),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
