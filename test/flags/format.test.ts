import { describe, expect, it } from "vitest";
import { parseFlags } from "../../src/flags/parse.js";
import { type Issue, mergeIssues } from "../../src/issues/issue.js";
import { formatIssues } from "../../src/issues/wording.js";
import type { JsonSchema } from "../../src/schema/json-schema.js";

const schema: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    verbose: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    filter: { type: "object", properties: { status: { type: "string" } }, additionalProperties: false },
  },
  required: ["id"],
  additionalProperties: false,
};

/** The stderr a model sees for argv, without the trailing help pointer. */
function stderrFor(argv: string[]): string {
  return formatIssues("get_user", parseFlags(argv, schema).issues).replace("Try: help get_user\n", "");
}

describe("formatIssues for parse issues", () => {
  it.each([
    {
      argv: ["--idd", "1"],
      line: "get_user: unknown flag --idd (did you mean --id?); flags: --id, --verbose, --tags, --filter\n",
    },
    { argv: ["--id"], line: "get_user: --id: missing value (integer)\n" },
    { argv: ["--id", "1", "--id", "2"], line: "get_user: --id: given more than once\n" },
    {
      argv: ["42"],
      line: 'get_user: unexpected argument "42" (did you mean --id "42"?); pass values as --flag value\n',
    },
    { argv: ["--tags", "[a"], line: `get_user: --tags: invalid JSON (${jsonError("[a")}), got "[a"\n` },
    {
      argv: ["--filter", "stat=x"],
      line: "get_user: --filter: unknown key stat (did you mean status?); keys: status\n",
    },
    {
      argv: ["--id", "x".repeat(70_000)],
      line: "get_user: arguments too large (70004 bytes, limit 65536 bytes); pass less data per call\n",
    },
  ])("words $argv.0", ({ argv, line }) => {
    expect(stderrFor(argv)).toBe(line);
  });

  it("ends with a pointer to help", () => {
    expect(formatIssues("get_user", parseFlags(["--id"], schema).issues)).toBe(
      "get_user: --id: missing value (integer)\nTry: help get_user\n",
    );
  });

  it("prints nothing without issues", () => {
    expect(formatIssues("get_user", [])).toBe("");
  });

  it("caps the output at ten issue lines", () => {
    const issues: Issue[] = Array.from({ length: 13 }, (_, index) => ({
      code: "unexpected_argument",
      path: [],
      received: `${index}`,
    }));
    const lines = formatIssues("t", issues).split("\n");
    expect(lines.slice(9)).toEqual([
      't: unexpected argument "9"; pass values as --flag value',
      "t: ... and 3 more",
      "Try: help t",
      "",
    ]);
  });

  it.each([
    {
      issue: { code: "invalid_type", path: ["filter"], expected: ["object"], received: "open" },
      line: 't: --filter: expected object (key=value ... or JSON), got "open"',
    },
    {
      issue: { code: "missing_required", path: ["filter", "status"], expected: ["string"] },
      line: "t: missing required key status (string) in --filter",
    },
    {
      issue: {
        code: "too_small",
        path: ["items", 0, "qty"],
        kind: "number",
        minimum: 1,
        inclusive: true,
        received: 0,
      },
      line: "t: --items[0].qty: expected >= 1, got 0",
    },
    {
      issue: { code: "no_match", path: ["shape"], expected: ["object", "array"], received: 1 },
      line: "t: --shape: matches none of the allowed shapes (object|array), got 1",
    },
    {
      issue: { code: "too_many_items", path: ["tags"], maximum: 4096, received: 5000 },
      line: "t: --tags: too many items (5000, limit 4096 items)",
    },
  ] satisfies { issue: Issue; line: string }[])("words $issue.code", ({ issue, line }) => {
    expect(formatIssues("t", [issue])).toBe(`${line}\nTry: help t\n`);
  });
});

describe("mergeIssues", () => {
  it("drops validation issues under a path the parser already reported", () => {
    const parse: Issue[] = [{ code: "invalid_json", path: ["tags"], received: "[a", detail: "bad" }];
    const validation: Issue[] = [
      { code: "invalid_type", path: ["tags"], expected: ["array"], received: "[a" },
      { code: "invalid_type", path: ["tags", 0], expected: ["string"], received: 1 },
      { code: "missing_required", path: ["id"] },
    ];
    expect(mergeIssues(parse, validation)).toEqual([parse[0], validation[2]]);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return "";
  } catch (error) {
    return (error as Error).message;
  }
}
