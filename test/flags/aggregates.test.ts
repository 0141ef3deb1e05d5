import { describe, expect, it } from "vitest";
import { parseFlags } from "../../src/flags/parse.js";
import { MAX_ARRAY_ITEMS, MAX_FLAG_BYTES } from "../../src/limits.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    tags: { type: "array", items: { type: "string" } },
    ids: { type: "array", items: { type: "integer" } },
    filter: {
      type: "object",
      properties: { status: { type: "string" }, limit: { type: "integer" }, labels: { type: "array" } },
      additionalProperties: false,
    },
    meta: { type: "object" },
    items: {
      type: "array",
      items: { type: "object", properties: { id: { type: "integer" }, qty: { type: "integer" } } },
    },
  },
};

describe("parseFlags arrays of scalars", () => {
  it.each([
    { argv: ["--tags", "a,b,c"], params: { tags: ["a", "b", "c"] } },
    { argv: ["--tags", "a", "--tags", "b"], params: { tags: ["a", "b"] } },
    { argv: ["--tags", "a,b", "--tags=c"], params: { tags: ["a", "b", "c"] } },
    { argv: ["--tags", '["a,b","c"]'], params: { tags: ["a,b", "c"] } },
    { argv: ["--tags", "[]"], params: { tags: [] } },
    { argv: ["--tags", ""], params: { tags: [] } },
    { argv: ["--tags", "a,,b"], params: { tags: ["a", "", "b"] } },
    { argv: ["--ids", "1,2,3"], params: { ids: [1, 2, 3] } },
    { argv: ["--ids", "1,x"], params: { ids: [1, "x"] } },
    { argv: ["--ids", "[1,2]", "--ids", "3"], params: { ids: [1, 2, 3] } },
  ])("reads $argv", ({ argv, params }) => {
    expect(parseFlags(argv, schema)).toEqual({ params, issues: [] });
  });

  it("keeps invalid JSON raw and reports the parse error", () => {
    expect(parseFlags(["--tags", "[1,"], schema)).toEqual({
      params: { tags: "[1," },
      issues: [
        {
          code: "invalid_json",
          path: ["tags"],
          received: "[1,",
          detail: "Unexpected end of JSON input",
        },
      ],
    });
  });
});

describe("parseFlags objects", () => {
  it.each([
    { argv: ["--filter", "status=open", "limit=5"], params: { filter: { status: "open", limit: 5 } } },
    { argv: ["--filter=status=open", "limit=5"], params: { filter: { status: "open", limit: 5 } } },
    { argv: ["--filter", "status=a=b"], params: { filter: { status: "a=b" } } },
    { argv: ["--filter", "status="], params: { filter: { status: "" } } },
    { argv: ["--filter", "labels=x,y"], params: { filter: { labels: ["x", "y"] } } },
    {
      argv: ["--filter", "status=open", "--filter", "limit=2"],
      params: { filter: { status: "open", limit: 2 } },
    },
    { argv: ["--filter", '{"status":"open"}'], params: { filter: { status: "open" } } },
    { argv: ["--filter", "open"], params: { filter: "open" } },
    { argv: ["--meta", "a=1", 'b={"c":2}'], params: { meta: { a: "1", b: { c: 2 } } } },
  ])("reads $argv", ({ argv, params }) => {
    expect(parseFlags(argv, schema)).toEqual({ params, issues: [] });
  });

  it("stops consuming pairs at the next flag", () => {
    expect(parseFlags(["--filter", "status=open", "--tags", "a"], schema)).toEqual({
      params: { filter: { status: "open" }, tags: ["a"] },
      issues: [],
    });
  });

  it("reports a key the closed object does not define", () => {
    expect(parseFlags(["--filter", "stauts=open"], schema)).toEqual({
      params: { filter: {} },
      issues: [
        {
          code: "unknown_key",
          path: ["filter", "stauts"],
          key: "stauts",
          suggestion: "status",
          known: ["status", "limit", "labels"],
        },
      ],
    });
  });

  it("reports a key given twice", () => {
    expect(parseFlags(["--filter", "limit=1", "limit=2"], schema)).toEqual({
      params: { filter: { limit: 1 } },
      issues: [{ code: "duplicate_flag", path: ["filter", "limit"] }],
    });
  });
});

describe("parseFlags arrays of objects", () => {
  it.each([
    {
      argv: ["--items", "id=1", "qty=2", "--items", "id=3", "qty=1"],
      params: {
        items: [
          { id: 1, qty: 2 },
          { id: 3, qty: 1 },
        ],
      },
    },
    { argv: ["--items=id=1", "qty=2"], params: { items: [{ id: 1, qty: 2 }] } },
    { argv: ["--items", '[{"id":1}]', "--items", '{"id":2}'], params: { items: [{ id: 1 }, { id: 2 }] } },
    { argv: ["--items", "id=x"], params: { items: [{ id: "x" }] } },
    { argv: ["--items", "oops"], params: { items: ["oops"] } },
  ])("reads $argv", ({ argv, params }) => {
    expect(parseFlags(argv, schema)).toEqual({ params, issues: [] });
  });
});

describe("parseFlags space and equals forms", () => {
  it.each([
    [["--tags", "a,b"], ["--tags=a,b"]],
    [["--ids", "[1,2]"], ["--ids=[1,2]"]],
    [
      ["--filter", "status=open", "limit=5"],
      ["--filter=status=open", "limit=5"],
    ],
    [
      ["--items", "id=1", "--items", "id=2"],
      ["--items=id=1", "--items=id=2"],
    ],
    [["--meta", '{"a":1}'], ['--meta={"a":1}']],
  ])("parses %j like %j", (spaced, joined) => {
    expect(parseFlags(joined, schema)).toEqual(parseFlags(spaced, schema));
  });
});

describe("parseFlags bounds", () => {
  it("rejects arguments over MAX_FLAG_BYTES before parsing", () => {
    const result = parseFlags(["--tags", "x".repeat(MAX_FLAG_BYTES)], schema);
    expect(result).toEqual({
      params: {},
      issues: [{ code: "too_large", path: [], maximum: 65536, received: 65542 }],
    });
  });

  it("counts UTF-8 bytes, not characters", () => {
    const result = parseFlags(["--tags", "é".repeat(MAX_FLAG_BYTES / 2)], schema);
    expect(result.issues.map((issue) => issue.code)).toEqual(["too_large"]);
  });

  it("truncates a comma list over MAX_ARRAY_ITEMS and reports it", () => {
    const result = parseFlags(
      [
        "--tags",
        Array(MAX_ARRAY_ITEMS + 1)
          .fill("a")
          .join(","),
      ],
      schema,
    );
    expect(result.params.tags).toHaveLength(MAX_ARRAY_ITEMS);
    expect(result.issues).toEqual([
      { code: "too_many_items", path: ["tags"], maximum: 4096, received: 4097 },
    ]);
  });

  it("counts repeated flags towards MAX_ARRAY_ITEMS", () => {
    const argv = Array.from({ length: MAX_ARRAY_ITEMS + 2 }, () => "--ids=1");
    const result = parseFlags(argv, schema);
    expect(result.params.ids).toHaveLength(MAX_ARRAY_ITEMS);
    expect(result.issues).toEqual([{ code: "too_many_items", path: ["ids"], maximum: 4096, received: 4097 }]);
  });
});

describe("parseFlags prototype safety", () => {
  it.each([["--__proto__"], ["--constructor"], ["--prototype"]])("rejects %s on an open schema", (flag) => {
    const result = parseFlags([flag, '{"polluted":true}'], {});
    expect(result.params).toEqual({});
    expect(result.issues).toEqual([
      { code: "unknown_flag", path: [flag.slice(2)], key: flag.slice(2), known: [] },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects __proto__ as a pair key of an open object", () => {
    const result = parseFlags(["--meta", "__proto__=x", "a=1"], schema);
    expect(result.params).toEqual({ meta: { a: "1" } });
    expect(Object.getPrototypeOf(result.params.meta)).toBe(Object.prototype);
    expect(result.issues).toEqual([
      { code: "unknown_key", path: ["meta", "__proto__"], key: "__proto__", known: [] },
    ]);
  });

  it("stores a schema-defined __proto__ property as an own, serialisable key", () => {
    // JSON.parse, because `__proto__:` in an object literal would set the literal's prototype instead.
    const defining: JsonSchema = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}');
    const result = parseFlags(["--__proto__", "x"], defining);
    expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
    expect(JSON.stringify(result.params)).toBe('{"__proto__":"x"}');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
