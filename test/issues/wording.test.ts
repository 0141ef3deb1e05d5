// Issues hold data (src/issues/issue.ts); src/issues/wording.ts alone turns them into the words the model reads.
import { describe, expect, it } from "vitest";
import type { Issue } from "../../src/issues/issue.js";
import { describeOutputIssue, formatIssues } from "../../src/issues/wording.js";

describe("formatIssues", () => {
  it.each([
    {
      issue: {
        code: "too_big",
        path: ["name"],
        kind: "string",
        maximum: 5,
        inclusive: true,
        received: "ABCDEF",
      },
      line: 't: --name: expected length <= 5, got "ABCDEF"',
    },
    {
      issue: { code: "too_small", path: ["n"], kind: "number", minimum: 0, inclusive: false, received: 0 },
      line: "t: --n: expected > 0, got 0",
    },
    {
      issue: { code: "too_small", path: ["tags"], kind: "array", minimum: 1, inclusive: true, received: [] },
      line: "t: --tags: expected items >= 1, got []",
    },
    {
      issue: { code: "invalid_format", path: ["email"], pattern: "^.+@.+$", format: "email", received: "x" },
      line: 't: --email: expected format email, got "x"',
    },
    {
      issue: { code: "invalid_format", path: ["id"], pattern: `^${"a".repeat(50)}$`, received: "b" },
      line: `t: --id: expected pattern ^${"a".repeat(36)}..., got "b"`,
    },
    {
      issue: { code: "invalid_value", path: ["n"], keyword: "multipleOf", multipleOf: 5, received: 3 },
      line: "t: --n: expected multiple of 5, got 3",
    },
    {
      issue: { code: "invalid_value", path: ["n"], keyword: "not", detail: "must NOT be valid", received: 3 },
      line: "t: --n: expected must NOT be valid, got 3",
    },
    {
      issue: {
        code: "invalid_type",
        path: ["mode"],
        expected: ["integer"],
        allowed: ["auto"],
        received: true,
      },
      line: 't: --mode: expected integer|"auto", got true',
    },
    {
      issue: { code: "missing_value", path: ["dry_run"], typed: "dry-run", expected: [] },
      line: "t: --dry-run: missing value (value)",
    },
    {
      issue: { code: "missing_required", path: ["n"], expected: ["integer", "number"] },
      line: "t: missing required flag --n (number)",
    },
    {
      issue: { code: "unknown_key", path: ["filter", "a.b"], key: "a.b", known: [] },
      line: "t: --filter: unknown key a.b; no keys allowed",
    },
    {
      issue: { code: "too_deep", path: ["filter"], maximum: 64 },
      line: "t: --filter: JSON nested deeper than 64 levels",
    },
  ] satisfies { issue: Issue; line: string }[])(
    "words $issue.code from its raw fields",
    ({ issue, line }) => {
      expect(formatIssues("t", [issue])).toBe(`${line}\nTry: help t\n`);
    },
  );

  it("words the pattern budget with the characters it allows", () => {
    const issue: Issue = {
      code: "too_big",
      path: [],
      kind: "pattern_steps",
      maximum: 500_000,
      pattern: "^[a-z]+$",
      patternSize: 6,
    };
    expect(formatIssues("t", [issue])).toBe(
      "t: expected at most 500000 steps of pattern matching in one check (a character tested costs the " +
        "pattern's size; pattern ^[a-z]+$ has size 6: at most 83333 characters)\nTry: help t\n",
    );
  });
});

describe("describeOutputIssue", () => {
  it.each([
    {
      issue: { code: "invalid_type", path: [0, "a"], expected: ["string"], received: 0 },
      line: ".[0].a: expected string, got 0",
    },
    {
      issue: { code: "missing_required", path: ["name"], expected: ["string"] },
      line: "missing key .name (string)",
    },
    { issue: { code: "unknown_key", path: ["a", "b"], key: "b", known: [] }, line: "unexpected key .a.b" },
    {
      issue: { code: "invalid_enum", path: ["s"], allowed: ["a", 1], received: "b" },
      line: '.s: expected one of "a"|1, got "b"',
    },
  ] satisfies { issue: Issue; line: string }[])(
    "names the place by its jq path: $line",
    ({ issue, line }) => {
      expect(describeOutputIssue(issue)).toBe(line);
    },
  );
});
