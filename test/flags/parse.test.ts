import { describe, expect, it } from "vitest";
import { compileFlagParser, parseFlags } from "../../src/flags/parse.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const userSchema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    score: { type: "number" },
    verbose: { type: "boolean" },
    status: { enum: ["open", "closed"] },
    level: { enum: [1, 2, 3] },
    user_name: { type: "string" },
  },
  required: ["id"],
  additionalProperties: false,
};
const known = ["id", "name", "score", "verbose", "status", "level", "user_name"];

describe("parseFlags scalars", () => {
  it.each([
    { argv: ["--id", "42"], params: { id: 42 } },
    { argv: ["--id=42"], params: { id: 42 } },
    { argv: ["--id", "-5"], params: { id: -5 } },
    { argv: ["--id", "abc"], params: { id: "abc" } },
    { argv: ["--id", "1.5"], params: { id: 1.5 } },
    { argv: ["--id", "12345678901234567890"], params: { id: "12345678901234567890" } },
    { argv: ["--id", "Infinity"], params: { id: "Infinity" } },
    { argv: ["--score", "2.5e3"], params: { score: 2500 } },
    { argv: ["--score", ".5"], params: { score: 0.5 } },
    { argv: ["--name", "42"], params: { name: "42" } },
    { argv: ["--name", ""], params: { name: "" } },
    { argv: ["--name=--dashes"], params: { name: "--dashes" } },
    { argv: ["--name", "a=b"], params: { name: "a=b" } },
    { argv: ["--name", "{not json"], params: { name: "{not json" } },
    { argv: ["--name", "-"], params: { name: "-" } },
    { argv: ["--status", "open"], params: { status: "open" } },
    { argv: ["--level", "2"], params: { level: 2 } },
    { argv: ["--id", "1", "--name", "a b"], params: { id: 1, name: "a b" } },
  ])("coerces $argv by the property type", ({ argv, params }) => {
    expect(parseFlags(argv, userSchema)).toEqual({ params, issues: [] });
  });
});

describe("parseFlags booleans", () => {
  it.each([
    { argv: ["--verbose"], params: { verbose: true } },
    { argv: ["--verbose", "true"], params: { verbose: true } },
    { argv: ["--verbose", "false"], params: { verbose: false } },
    { argv: ["--verbose=false"], params: { verbose: false } },
    { argv: ["--verbose=true"], params: { verbose: true } },
    { argv: ["--no-verbose"], params: { verbose: false } },
    { argv: ["--verbose=yes"], params: { verbose: "yes" } },
    { argv: ["--verbose", "--id", "1"], params: { verbose: true, id: 1 } },
  ])("reads $argv", ({ argv, params }) => {
    expect(parseFlags(argv, userSchema)).toEqual({ params, issues: [] });
  });

  it("does not consume a following non-boolean token in the space form", () => {
    expect(parseFlags(["--verbose", "yes"], userSchema)).toEqual({
      params: { verbose: true },
      issues: [{ code: "unexpected_argument", path: [], received: "yes", suggestion: "id" }],
    });
  });

  it("prefers a property literally named no-flag over negation", () => {
    const schema = { properties: { "no-cache": { type: "string" }, cache: { type: "boolean" } } };
    expect(parseFlags(["--no-cache", "x"], schema)).toEqual({ params: { "no-cache": "x" }, issues: [] });
  });
});

describe("parseFlags flag names", () => {
  it.each([
    { argv: ["--user-name", "x"], params: { user_name: "x" } },
    { argv: ["--user_name", "x"], params: { user_name: "x" } },
    { argv: ["--userName", "x"], params: { user_name: "x" } },
  ])("matches $argv to user_name", ({ argv, params }) => {
    expect(parseFlags(argv, userSchema)).toEqual({ params, issues: [] });
  });

  it("matches snake_case flags to a kebab-case property", () => {
    const schema = { properties: { "dry-run": { type: "boolean" } } };
    expect(parseFlags(["--dry_run"], schema)).toEqual({ params: { "dry-run": true }, issues: [] });
  });

  it("requires exact names when two properties normalise alike", () => {
    const schema = {
      properties: { a_b: { type: "string" }, "a-b": { type: "integer" } },
      additionalProperties: true,
    };
    expect(parseFlags(["--a_b", "1", "--a-b", "2"], schema)).toEqual({
      params: { a_b: "1", "a-b": 2 },
      issues: [],
    });
    expect(parseFlags(["--aB", "1"], schema).params).toEqual({ aB: "1" });
  });
});

describe("parseFlags issues", () => {
  it.each([
    {
      name: "a flag without its value",
      argv: ["--id"],
      params: {},
      issues: [{ code: "missing_value", path: ["id"], typed: "id", expected: ["integer"] }],
    },
    {
      name: "a value-less flag followed by another flag",
      argv: ["--name", "--verbose"],
      params: { verbose: true },
      issues: [{ code: "missing_value", path: ["name"], typed: "name", expected: ["string"] }],
    },
    {
      name: "a repeated scalar flag",
      argv: ["--id", "1", "--id", "2"],
      params: { id: 1 },
      issues: [{ code: "duplicate_flag", path: ["id"] }],
    },
    {
      name: "an unknown flag on a closed schema, with its value consumed",
      argv: ["--idd", "1"],
      params: {},
      issues: [{ code: "unknown_flag", path: ["idd"], key: "idd", suggestion: "id", known }],
    },
    {
      name: "an unknown flag without a close match",
      argv: ["--zzzzzz"],
      params: {},
      issues: [{ code: "unknown_flag", path: ["zzzzzz"], key: "zzzzzz", known }],
    },
    {
      name: "a positional argument, hinting the single required flag",
      argv: ["42"],
      params: {},
      issues: [{ code: "unexpected_argument", path: [], received: "42", suggestion: "id" }],
    },
    {
      name: "a positional argument once the required flag is given",
      argv: ["--id", "1", "-x"],
      params: { id: 1 },
      issues: [{ code: "unexpected_argument", path: [], received: "-x" }],
    },
    {
      name: "flags after a lone -- as positional",
      argv: ["--id", "1", "--", "--name"],
      params: { id: 1 },
      issues: [{ code: "unexpected_argument", path: [], received: "--name" }],
    },
  ])("reports $name", ({ argv, params, issues }) => {
    expect(parseFlags(argv, userSchema)).toEqual({ params, issues });
  });
});

describe("parseFlags on open schemas", () => {
  const open = { type: "object", properties: { id: { type: "integer" } }, additionalProperties: true };

  it.each([
    { argv: ["--extra", "5"], params: { extra: "5" } },
    { argv: ["--extra=5"], params: { extra: "5" } },
    { argv: ["--extra"], params: { extra: true } },
    { argv: ["--extra", '{"a":1}'], params: { extra: { a: 1 } } },
    { argv: ["--extra", "[1,"], params: { extra: "[1," } },
    { argv: ["--some-flag", "x", "--id", "1"], params: { "some-flag": "x", id: 1 } },
  ])("keeps unknown flag $argv", ({ argv, params }) => {
    expect(parseFlags(argv, open)).toEqual({ params, issues: [] });
  });

  it("treats an empty schema as open", () => {
    expect(parseFlags(["--a", "1"], {})).toEqual({ params: { a: "1" }, issues: [] });
  });
});

describe("parseFlags type resolution", () => {
  const resolved: JsonSchema = {
    $defs: {
      count: { type: "integer" },
      alias: { $ref: "#/$defs/count" },
      "a/b~c": { type: "boolean" },
      loop: { $ref: "#/$defs/loop" },
      nested: { properties: { inner: { $ref: "#/$defs/alias" } } },
    },
    definitions: { numbers: { items: { type: "integer" } } },
    properties: {
      count: { $ref: "#/$defs/alias" },
      escaped: { $ref: "#/$defs/a~1b~0c" },
      either: { oneOf: [{ type: "integer" }, { type: "null" }] },
      maybe: { anyOf: [{ type: "string" }, { type: "null" }] },
      nullable: { type: ["array", "null"], items: { type: "integer" } },
      implicitArray: { items: { type: "integer" } },
      implicitObject: { properties: { n: { type: "integer" } } },
      constant: { const: 5 },
      loop: { $ref: "#/$defs/loop" },
      positive: { allOf: [{ type: "number" }, { minimum: 0 }] },
      draft7: { $ref: "#/definitions/numbers" },
      deep: { $ref: "#/$defs/nested" },
      percent: { $ref: "#/%24defs/count" },
    },
  };

  it.each([
    { argv: ["--count", "3"], params: { count: 3 } },
    { argv: ["--escaped"], params: { escaped: true } },
    { argv: ["--either", "7"], params: { either: 7 } },
    { argv: ["--either", "null"], params: { either: null } },
    { argv: ["--maybe", "7"], params: { maybe: "7" } },
    { argv: ["--maybe", "null"], params: { maybe: null } },
    { argv: ["--nullable", "1,2"], params: { nullable: [1, 2] } },
    { argv: ["--nullable", "null"], params: { nullable: null } },
    { argv: ["--implicitArray", "1,x"], params: { implicitArray: [1, "x"] } },
    { argv: ["--implicitObject", "n=4"], params: { implicitObject: { n: 4 } } },
    { argv: ["--constant", "5"], params: { constant: 5 } },
    { argv: ["--loop", "5"], params: { loop: "5" } },
    { argv: ["--positive", "0.5"], params: { positive: 0.5 } },
    { argv: ["--draft7", "4,5"], params: { draft7: [4, 5] } },
    { argv: ["--deep", "inner=9"], params: { deep: { inner: 9 } } },
    { argv: ["--percent", "8"], params: { percent: 8 } },
  ])("resolves $argv", ({ argv, params }) => {
    expect(parseFlags(argv, resolved)).toEqual({ params, issues: [] });
  });
});

describe("compileFlagParser", () => {
  it("returns a reusable parser equal to parseFlags", () => {
    const parse = compileFlagParser(userSchema);
    expect(parse(["--id", "1"])).toEqual(parseFlags(["--id", "1"], userSchema));
    expect(parse(["--id", "2"])).toEqual({ params: { id: 2 }, issues: [] });
  });
});
