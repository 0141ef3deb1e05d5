/**
 * Structured problems with a tool call's arguments, produced by flag parsing and schema validation.
 * Issues carry data only; `formatIssues` is the one place that words them for the model.
 */

export type IssueCode =
  /** A required property is absent. */
  | "missing_required"
  /** A top-level flag the schema does not define (closed schemas only). */
  | "unknown_flag"
  /** A nested object key the schema does not allow. */
  | "unknown_key"
  /** The value has the wrong JSON type. */
  | "invalid_type"
  /** The value is not one of the allowed enum/const values. */
  | "invalid_enum"
  /** Below a minimum (value, length, item count or key count). */
  | "too_small"
  /** Above a maximum (value, length, item count or key count). */
  | "too_big"
  /** A `pattern` or `format` mismatch. */
  | "invalid_format"
  /** Any other constraint (multipleOf, uniqueItems, not, ...). */
  | "invalid_value"
  /** No branch of a oneOf/anyOf matched and no single branch was a clear intent. */
  | "no_match"
  /** A flag that needs a value was given none. */
  | "missing_value"
  /** A single-valued flag or key was given more than once. */
  | "duplicate_flag"
  /** A positional argument where only flags are accepted. */
  | "unexpected_argument"
  /** A value starting with `[` or `{` that is not valid JSON. */
  | "invalid_json"
  /** The arguments exceed MAX_FLAG_BYTES. */
  | "too_large"
  /** An array exceeds MAX_ARRAY_ITEMS. */
  | "too_many_items"
  /** A value nests arrays and objects deeper than MAX_JSON_DEPTH levels. */
  | "too_deep";

export interface Issue {
  code: IssueCode;
  /** Where in the params: "" for the whole call, "filter.status", "tags[2]". */
  path: string;
  /** The flag as the user typed it, e.g. "--idd"; absent when the issue is not about one flag token. */
  flag?: string;
  /** What was expected, compactly: "integer", "string|null", ">= 1", "length <= 10", "format email". */
  expected?: string;
  /** The offending value rendered as short JSON, e.g. "\"opne\"" or "12.5". */
  received?: string;
  /** Allowed values, for enum/const issues. */
  allowed?: unknown[];
  /** A did-you-mean candidate: a property name (without "--") or an allowed value rendered as text. */
  suggestion?: string;
  /** Defined property names (without "--"), for unknown flag/key issues. */
  known?: string[];
  /** Extra machine detail, e.g. the JSON parser's message. */
  detail?: string;
}

import { escapeHidden } from "../text/untrusted.js";

/** At most this many issue lines are printed; the rest are summarised. */
const MAX_ISSUE_LINES = 10;
/** Known-flag lists longer than this are cut with "...". */
const MAX_KNOWN_LISTED = 12;
const MAX_RENDERED_LENGTH = 60;
/**
 * Allowed values listed in an error, and in `help <tool>`, before "... (N more)": an upstream's enum may hold
 * 10,000 values (TM-INJ-001).
 */
export const MAX_LISTED_VALUES: number = 32;

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
 * Drops validation issues at (or under) a path the parser already complained about, so one mistake
 * produces one line: a broken JSON flag would otherwise also fail validation as a string.
 */
export function mergeIssues(parseIssues: readonly Issue[], validationIssues: readonly Issue[]): Issue[] {
  const covered = parseIssues.map((issue) => issue.path).filter((path) => path !== "");
  const isCovered = (path: string): boolean =>
    covered.some(
      (prefix) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`),
    );
  return [...parseIssues, ...validationIssues.filter((issue) => !isCovered(issue.path))];
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

function describeIssue(issue: Issue): string {
  const subject = issue.path === "" ? (issue.flag ?? "") : `--${issue.path}`;
  const prefix = subject === "" ? "" : `${subject}: `;
  const got = issue.received === undefined ? "" : `, got ${issue.received}`;
  switch (issue.code) {
    case "missing_required":
      return `missing required ${describeMissing(issue)}`;
    case "unknown_flag":
      return `unknown flag ${issue.flag ?? `--${issue.path}`}${didYouMean(issue, "--")}${listKnown(issue, "--")}`;
    case "unknown_key":
      return `${parentSubject(issue.path)}: unknown key ${lastSegment(issue.path)}${didYouMean(issue, "")}${listKnown(issue, "")}`;
    case "invalid_type":
      return `${prefix}expected ${issue.expected ?? "another type"}${syntaxHint(issue)}${got}`;
    case "invalid_enum":
      return `${prefix}expected one of ${describeAllowed(issue.allowed)}${got}${didYouMeanValue(issue)}`;
    case "no_match":
      return `${prefix}matches none of the allowed shapes (${issue.expected ?? "see help"})${got}`;
    case "missing_value":
      return `${issue.flag ?? subject}: missing value${issue.expected ? ` (${issue.expected})` : ""}`;
    case "duplicate_flag":
      return `${subject || issue.flag}: given more than once`;
    case "unexpected_argument":
      return `unexpected argument ${issue.received ?? ""}${describePositionalHint(issue)}; pass values as --flag value`;
    case "invalid_json":
      return `${prefix}invalid JSON${issue.detail ? ` (${issue.detail})` : ""}${got}`;
    case "too_large":
      return `arguments too large (${issue.received ?? "?"}, limit ${issue.expected ?? "?"}); pass less data per call`;
    case "too_many_items":
      return `${prefix}too many items (${issue.received ?? "?"}, limit ${issue.expected ?? "?"})`;
    case "too_deep":
      return `${prefix}JSON nested deeper than ${issue.expected ?? "the limit"}`;
    default:
      return `${prefix}expected ${issue.expected ?? "a valid value"}${got}`;
  }
}

function describeMissing(issue: Issue): string {
  const type = issue.expected ? ` (${issue.expected})` : "";
  if (!issue.path.includes(".")) return `flag --${issue.path}${type}`;
  return `key ${lastSegment(issue.path)}${type} in ${parentSubject(issue.path)}`;
}

/** "--filter" for "filter.status"; "--items[0]" for "items[0].qty". */
function parentSubject(path: string): string {
  const dot = path.lastIndexOf(".");
  return `--${dot < 0 ? path : path.slice(0, dot)}`;
}

function lastSegment(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? path : path.slice(dot + 1);
}

function didYouMean(issue: Issue, dashes: string): string {
  return issue.suggestion === undefined ? "" : ` (did you mean ${dashes}${issue.suggestion}?)`;
}

function didYouMeanValue(issue: Issue): string {
  return issue.suggestion === undefined ? "" : ` (did you mean ${renderValue(issue.suggestion)}?)`;
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

function listKnown(issue: Issue, dashes: string): string {
  if (issue.known === undefined) return "";
  if (issue.known.length === 0) return dashes === "" ? "; no keys allowed" : "; this command takes no flags";
  const names = issue.known.map((name) => `${dashes}${name}`);
  return `; ${dashes === "" ? "keys" : "flags"}: ${listAtMost(names, MAX_KNOWN_LISTED, ", ")}`;
}

function describeAllowed(allowed: unknown[] | undefined): string {
  if (allowed === undefined) return "the allowed values";
  // TM-INJ-001: one mistyped value against a 10,000-value enum printed all of them (619 KB of stderr).
  const values = allowed.map((value) => (typeof value === "string" ? value : renderValue(value)));
  return listAtMost(values, MAX_LISTED_VALUES, "|");
}

/** Object and array flags have a shell syntax the model may not know; say it where it matters. */
function syntaxHint(issue: Issue): string {
  if (issue.expected === "object") return " (key=value ... or JSON)";
  if (issue.expected === "array") return " (a,b,c or JSON)";
  return "";
}

function describePositionalHint(issue: Issue): string {
  if (issue.suggestion === undefined) return "";
  return ` (did you mean --${issue.suggestion} ${issue.received ?? ""}?)`;
}
