import { describe, expect, it } from "vitest";
import { parseFlags } from "../../src/flags/parse.js";
import { ScriptedTool } from "../../src/index.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";
import { MODES, track } from "../helpers.js";

// TM-INJ-002: key=value refused __proto__, constructor and prototype as keys, but JSON in a flag or on stdin made
// them own properties, which a callback's Object.assign or deep merge then follows into a prototype.

const schema: JsonSchema = {
  type: "object",
  properties: {
    filter: { type: "object", properties: { status: { type: "string" } }, additionalProperties: true },
    items: { type: "array", items: { type: "object", properties: { id: { type: "integer" } } } },
  },
  // Open: an unknown flag is passed on (a schema with properties refuses them unless it says so).
  additionalProperties: true,
};
const UNSAFE = ["__proto__", "constructor", "prototype"];

describe("keys JSON may not create", () => {
  it.each(UNSAFE)("refuses %s in a JSON object flag as key=value does", (key) => {
    const pair = parseFlags(["--filter", `${key}=1`], schema);
    const json = parseFlags(["--filter", `{"${key}":{"admin":true}}`], schema);
    const issue = { code: "unknown_key", path: ["filter", key], key, known: ["status"] };
    expect(pair.issues).toEqual([issue]);
    expect(json).toEqual({ params: {}, issues: [issue] });
  });

  it.each([
    [
      "an array of objects as JSON",
      ["--items", '[{"id":1},{"__proto__":{}}]'],
      ["items", 1, "__proto__"],
      ["id"],
    ],
    ["one object of an array as JSON", ["--items", '{"__proto__":{}}'], ["items", 0, "__proto__"], ["id"]],
    [
      "a nested object",
      ["--filter", '{"status":"x","deep":{"a":[{"constructor":1}]}}'],
      ["filter", "deep", "a", 0, "constructor"],
      [],
    ],
    ["a JSON value of a pair", ["--filter", 'deep={"prototype":1}'], ["filter", "deep", "prototype"], []],
    ["an unknown flag (open schema)", ["--other", '{"__proto__":1}'], ["other", "__proto__"], []],
  ])("refuses one in %s and drops the flag's value", (_label, argv, path, known) => {
    const key = path.at(-1);
    expect(parseFlags(argv, schema)).toEqual({
      params: {},
      issues: [{ code: "unknown_key", path, key, known }],
    });
  });

  it("accepts the names where the schema defines them, like key=value", () => {
    const defining: JsonSchema = JSON.parse(
      '{"properties":{"meta":{"type":"object","properties":{"constructor":{"type":"object","properties":{"__proto__":{}}}}}}}',
    );
    const result = parseFlags(["--meta", '{"constructor":{"__proto__":1}}'], defining);
    expect(result.issues).toEqual([]);
    expect(JSON.stringify(result.params)).toBe('{"meta":{"constructor":{"__proto__":1}}}');
    expect(parseFlags(["--meta", "constructor=1"], defining).issues).toEqual([]);
  });

  it("leaves the other flags' values", () => {
    expect(parseFlags(["--filter", '{"__proto__":1}', "--items", '[{"id":2}]'], schema)).toEqual({
      params: { items: [{ id: 2 }] },
      issues: [{ code: "unknown_key", path: ["filter", "__proto__"], key: "__proto__", known: ["status"] }],
    });
  });
});

describe.each(MODES)("the three ways to pass an object (%s)", (mode) => {
  const calls: unknown[] = [];
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation: mode,
      tools: [
        {
          name: "get_user",
          inputSchema: schema,
          execute: (params) => {
            calls.push(params);
            return "called";
          },
        },
      ],
    }),
  );

  it.each(UNSAFE)("refuse %s with the same message, and the tool is not called", async (key) => {
    const stderr = `get_user: --filter: unknown key ${key}; keys: status\nTry: help get_user\n`;
    const scripts = [
      `get_user --filter ${key}=1`,
      `get_user --filter '{"${key}":{"admin":true}}'`,
      `echo '{"filter":{"${key}":{"admin":true}}}' | get_user`,
    ];
    for (const script of scripts) {
      const r = await api.execute(`${script}; echo "status=$?"`);
      expect({ script, stdout: r.stdout, stderr: r.stderr }).toEqual({
        script,
        stdout: "status=2\n",
        stderr,
      });
    }
    expect(calls).toEqual([]);
  });
});
