/**
 * The one place that words issues (src/issues/issue.ts) for the model, as zod words its issues in its locales:
 * flag names (`--filter.status`) and jq paths (`.filter.status`) are made from an issue's path here, and every
 * limit is written here (`>= 1`, `length <= 10`, `format email`).
 */
import { escapeHidden } from "../text/untrusted.js";
import type { Issue, IssuePath, JsonType, SizeKind } from "./issue.js";

/** At most this many issue lines are printed; the rest are summarised. */
const MAX_ISSUE_LINES = 10;
/** Known-flag lists longer than this are cut with "...". */
const MAX_KNOWN_LISTED = 12;
const MAX_RENDERED_LENGTH = 60;
/** A pattern named in an issue is cut to this many characters. */
const MAX_NAMED_PATTERN = 40;
/**
 * Allowed values listed in an error, and in `help <tool>`, before "... (N more)": an upstream's enum may hold
 * 10,000 values (TM-INJ-001).
 */
export const MAX_LISTED_VALUES: number = 32;

/** What each size kind counts, as a message names it before the comparison. */
const MEASURES: Record<SizeKind, string> = {
  number: "",
  string: "length ",
  array: "items ",
  object: "keys ",
};

/**
 * Words issues as stderr lines a model can act on, each ending in "\n", followed by a pointer to help.
 */
export function formatIssues(tool: string, issues: readonly Issue[] & { omitted?: number }): string {
  if (issues.length === 0) return "";
  const shown = issues.slice(0, MAX_ISSUE_LINES);
  const more = issues.length - shown.length + (issues.omitted ?? 0);
  let text = "";
  // TM-INJ-001: schema text quoted here (a pattern, allowed values) may be a third party's; hidden characters
  // and newlines are shown escaped, so no line can reorder, hide or split the message.
  for (const issue of shown) text += `${tool}: ${escapeHidden(describeIssue(issue))}\n`;
  if (more > 0) text += `${tool}: ... and ${more} more\n`;
  return `${text}Try: help ${tool}\n`;
}

/**
 * Words an issue with a tool's returned value (an outputSchema mismatch) as one line, naming the place by its jq
 * path: `.id: expected integer, got "42"`, `missing key .name (string)`.
 */
export function describeOutputIssue(issue: Issue): string {
  const path = jqPath(issue.path);
  const at = issue.path.length === 0 ? "" : `${path}: `;
  const got = describeReceived(issue);
  switch (issue.code) {
    case "missing_required": {
      const expected = describeExpected(issue);
      return `missing key ${path}${expected ? ` (${expected})` : ""}`;
    }
    case "unknown_flag":
    case "unknown_key":
      return `unexpected key ${path}`;
    case "invalid_enum":
      return `${at}expected one of ${issue.allowed.map((value) => renderValue(value)).join("|")}${got}`;
    case "no_match":
      return `${at}matches none of the allowed shapes${got}`;
    default:
      return `${at}expected ${describeExpected(issue) ?? "a valid value"}${got}`;
  }
}

/** Renders a value as short JSON for messages (strings quoted, long values cut with "..."). */
export function renderValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_RENDERED_LENGTH ? `${text.slice(0, MAX_RENDERED_LENGTH - 3)}...` : text;
}

/**
 * The first `max` items joined by `separator`, then `... (N more)` when there are more: every list a message,
 * `help` or the prompt shows from a tool's schema or catalog is bounded by it.
 * @example
 * listAtMost(["a", "b", "c"], 2, "|") // "a|b|... (1 more)"
 */
export function listAtMost(items: readonly string[], max: number, separator: string): string {
  const shown = items.slice(0, max);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(separator)}${separator}... (${more} more)` : shown.join(separator);
}

/** A path as the flag parser spells it, without the dashes: `filter.status`, `tags[2]`, `items[0].qty`. */
function pathText(path: IssuePath): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text = text === "" ? segment : `${text}.${segment}`;
  }
  return text;
}

/** `.filter.status`, `.[0].id`: the jq path of the value. */
function jqPath(path: IssuePath): string {
  return `.${pathText(path)}`;
}

function flagName(path: IssuePath): string {
  return `--${pathText(path)}`;
}

function describeIssue(issue: Issue): string {
  const prefix = issue.path.length === 0 ? "" : `${flagName(issue.path)}: `;
  const got = describeReceived(issue);
  switch (issue.code) {
    case "missing_required":
      return `missing required ${describeMissing(issue.path, describeExpected(issue))}`;
    case "unknown_flag":
      return `unknown flag --${issue.key}${didYouMean(issue.suggestion, "--")}${listKnown(issue.known, "--")}`;
    case "unknown_key":
      return `${flagName(issue.path.slice(0, -1))}: unknown key ${issue.key}${didYouMean(issue.suggestion, "")}${listKnown(issue.known, "")}`;
    case "invalid_type":
      return `${prefix}expected ${describeExpected(issue)}${syntaxHint(issue.expected, issue.allowed)}${got}`;
    case "invalid_enum":
      return `${prefix}expected one of ${describeAllowed(issue.allowed)}${got}${didYouMeanValue(issue.suggestion)}`;
    case "no_match":
      return `${prefix}matches none of the allowed shapes (${describeExpected(issue) ?? "see help"})${got}`;
    case "missing_value":
      return `--${issue.typed}: missing value (${describeExpected(issue)})`;
    case "duplicate_flag":
      return `${flagName(issue.path)}: given more than once`;
    case "unexpected_argument":
      return `unexpected argument ${renderValue(issue.received)}${describePositionalHint(issue.suggestion, issue.received)}; pass values as --flag value`;
    case "invalid_json":
      return `${prefix}invalid JSON${issue.detail ? ` (${issue.detail})` : ""}${got}`;
    case "too_large":
      return `arguments too large (${issue.received} bytes, limit ${describeExpected(issue)}); pass less data per call`;
    case "too_many_items":
      return `${prefix}too many items (${issue.received}, limit ${describeExpected(issue)})`;
    case "too_deep":
      return `${prefix}JSON nested deeper than ${describeExpected(issue)}`;
    case "invalid_value":
      // The schema's own parse (a zod refinement...) words its refusal itself.
      if (issue.keyword === "parse") return `${prefix}${issue.detail}`;
      return `${prefix}expected ${describeExpected(issue) ?? "a valid value"}${got}`;
    default:
      return `${prefix}expected ${describeExpected(issue) ?? "a valid value"}${got}`;
  }
}

/** `, got <value>` for issues that carry the offending value. */
function describeReceived(issue: Issue): string {
  if (!("received" in issue) || issue.received === undefined) return "";
  // The counts of too_large and too_many_items are worded on their own, never as "got".
  if (issue.code === "too_large" || issue.code === "too_many_items") return "";
  return `, got ${renderValue(issue.received)}`;
}

/** What was expected, compactly: "integer", "string|null", ">= 1", "length <= 10", "format email". */
function describeExpected(issue: Issue): string | undefined {
  switch (issue.code) {
    case "missing_required":
      return issue.expected === undefined ? undefined : typeLabel(issue.expected);
    case "invalid_type":
      return [...issue.expected, ...(issue.allowed ?? []).map((value) => renderValue(value))].join("|");
    case "too_small":
      return `${MEASURES[issue.kind]}${issue.inclusive ? ">=" : ">"} ${issue.minimum}`;
    case "too_big":
      if (issue.kind === "pattern_steps")
        return describePatternBudget(issue.maximum, issue.pattern, issue.patternSize);
      return `${MEASURES[issue.kind]}${issue.inclusive ? "<=" : "<"} ${issue.maximum}`;
    case "invalid_format":
      return issue.format !== undefined
        ? `format ${issue.format}`
        : `pattern ${cutPattern(issue.pattern ?? "")}`;
    case "invalid_value":
      return describeRule(issue.keyword, issue.multipleOf, issue.detail);
    case "no_match":
      return issue.expected?.join("|");
    case "missing_value":
      return issue.expected.length === 0 ? "value" : issue.expected.join("|");
    case "too_large":
      return `${issue.maximum} bytes`;
    case "too_many_items":
      return `${issue.maximum} items`;
    case "too_deep":
      return `${issue.maximum} levels`;
    default:
      return undefined;
  }
}

function describeRule(
  keyword: string | undefined,
  multipleOf: number | undefined,
  detail: string | undefined,
) {
  switch (keyword) {
    case undefined:
      return undefined;
    case "multipleOf":
      return `multiple of ${multipleOf}`;
    case "uniqueItems":
      return "unique items";
    case "false":
      return "no value here";
    case "oneOf":
      return "exactly one allowed shape";
    default:
      return detail ?? keyword;
  }
}

function describePatternBudget(maximum: number, pattern: string, size: number): string {
  return (
    `at most ${maximum} steps of pattern matching in one check (a character tested costs the ` +
    `pattern's size; pattern ${cutPattern(pattern)} has size ${size}: at most ${Math.floor(maximum / size)} characters)`
  );
}

/** Raw patterns are cut to stay readable. */
function cutPattern(pattern: string): string {
  return pattern.length > MAX_NAMED_PATTERN ? `${pattern.slice(0, MAX_NAMED_PATTERN - 3)}...` : pattern;
}

/** "integer", "string|null", "any": a number accepts every integer, so "integer|number" says "number". */
function typeLabel(types: readonly JsonType[]): string {
  const shown = types.includes("number") ? types.filter((type) => type !== "integer") : types;
  return shown.length === 0 ? "any" : [...new Set(shown)].join("|");
}

function describeMissing(path: IssuePath, type: string | undefined): string {
  const typeText = type ? ` (${type})` : "";
  const name = String(path[path.length - 1] ?? "");
  if (path.length <= 1) return `flag --${name}${typeText}`;
  return `key ${name}${typeText} in ${flagName(path.slice(0, -1))}`;
}

function didYouMean(suggestion: string | undefined, dashes: string): string {
  return suggestion === undefined ? "" : ` (did you mean ${dashes}${suggestion}?)`;
}

function didYouMeanValue(suggestion: string | undefined): string {
  return suggestion === undefined ? "" : ` (did you mean ${renderValue(suggestion)}?)`;
}

function listKnown(known: readonly string[], dashes: string): string {
  if (known.length === 0) return dashes === "" ? "; no keys allowed" : "; this command takes no flags";
  const names = known.map((name) => `${dashes}${name}`);
  return `; ${dashes === "" ? "keys" : "flags"}: ${listAtMost(names, MAX_KNOWN_LISTED, ", ")}`;
}

function describeAllowed(allowed: readonly unknown[]): string {
  // TM-INJ-001: one mistyped value against a 10,000-value enum printed all of them (619 KB of stderr).
  const values = allowed.map((value) => (typeof value === "string" ? value : renderValue(value)));
  return listAtMost(values, MAX_LISTED_VALUES, "|");
}

/** Object and array flags have a shell syntax the model may not know; say it where it matters. */
function syntaxHint(expected: readonly JsonType[], allowed: readonly unknown[] | undefined): string {
  if (expected.length !== 1 || (allowed?.length ?? 0) > 0) return "";
  if (expected[0] === "object") return " (key=value ... or JSON)";
  if (expected[0] === "array") return " (a,b,c or JSON)";
  return "";
}

function describePositionalHint(suggestion: string | undefined, received: string): string {
  if (suggestion === undefined) return "";
  return ` (did you mean --${suggestion} ${renderValue(received)}?)`;
}
