/**
 * What a tool's callback gets: its params as the tool's own schema parses them (issue 16, item 2). A zod schema's
 * `.default()`, `.transform()` and `z.coerce`, a Standard Schema's output, an AI SDK schema's `validate`, a JSON
 * Schema's `default`s: the callback receives what that parse yields, whichever surface made the call, and what the
 * parse refuses (a refinement JSON Schema cannot say) never reaches it.
 */
import type { Issue, IssuePath } from "../issues/issue.js";
import { defaultsFiller } from "../schema/defaults.js";
import type { JsonSchema } from "../schema/json-schema.js";

/** A parse's answer: the value the callback gets, or why the params are refused. */
export type ParsedParams = { value: Record<string, unknown> } | { issues: Issue[] };

/** A tool's own parse of its (already JSON-Schema-valid) params; user code, so it may throw or never settle. */
export type ParamsParser = (params: Record<string, unknown>) => ParsedParams | PromiseLike<ParsedParams>;

/** The longest message of a schema's own a refusal quotes, in characters. */
const MAX_PARSE_MESSAGE_CHARS = 200;

type StandardIssue = { message?: unknown; path?: readonly unknown[] };
type StandardResult = { value?: unknown; issues?: readonly StandardIssue[] };
type AiSdkResult = { success: boolean; value?: unknown; error?: unknown };

/**
 * The parse of a tool whose input schema is `source` (as given) and `schema` (as converted), or undefined when the
 * params pass as they are: a schema with a `~standard.validate` (zod 3 and 4, valibot, arktype...), an AI SDK schema
 * with a `validate`, or a JSON Schema with `default`s.
 */
export function paramsParser(source: unknown, schema: JsonSchema): ParamsParser | undefined {
  const standard = standardValidate(source);
  if (standard) return (params) => then(standard(params), fromStandard);
  const validate = (source as { validate?: unknown } | null | undefined)?.validate;
  if (typeof source === "object" && typeof validate === "function") {
    return (params) => then(validate.call(source, params) as AiSdkResult, fromAiSdk);
  }
  const fill = defaultsFiller(schema);
  return fill && ((params) => ({ value: fill(params) }));
}

function standardValidate(source: unknown): ((value: unknown) => unknown) | undefined {
  if (typeof source !== "object" || source === null) return undefined;
  const standard = (source as { "~standard"?: { validate?: unknown } })["~standard"];
  const validate = standard?.validate;
  return typeof validate === "function" ? (value) => validate.call(standard, value) : undefined;
}

/** Applies `map` now to a plain result, or when a promised one settles: a synchronous parse costs no promise. */
function then<T>(
  result: unknown,
  map: (settled: T) => ParsedParams,
): ParsedParams | PromiseLike<ParsedParams> {
  const pending = result as PromiseLike<T> | null | undefined;
  if (typeof pending?.then === "function") return Promise.resolve(pending).then(map);
  return map(result as T);
}

function fromStandard(result: StandardResult): ParsedParams {
  if (result === null || typeof result !== "object") {
    return { issues: [parseIssue([], "the schema's validate gave no result")] };
  }
  if (result.issues !== undefined) {
    const issues = Array.isArray(result.issues) ? result.issues.map(standardIssue) : [];
    // A failure that names no issue still says it failed.
    return { issues: issues.length > 0 ? issues : [parseIssue([], "invalid params")] };
  }
  return { value: result.value as Record<string, unknown> };
}

function fromAiSdk(result: AiSdkResult): ParsedParams {
  if (result?.success) return { value: result.value as Record<string, unknown> };
  const error = result?.error as { issues?: unknown; message?: unknown } | undefined;
  // zod 3's ZodError (what the AI SDK's zod 3 validate fails with) lists its issues as a Standard Schema does.
  if (Array.isArray(error?.issues) && error.issues.length > 0) {
    return { issues: (error.issues as StandardIssue[]).map(standardIssue) };
  }
  return { issues: [parseIssue([], error?.message ?? "invalid params")] };
}

function standardIssue(issue: StandardIssue): Issue {
  const path: (string | number)[] = [];
  for (const segment of issue?.path ?? []) {
    const key =
      typeof segment === "object" && segment !== null ? (segment as { key?: unknown }).key : segment;
    path.push(typeof key === "number" ? key : String(key));
  }
  return parseIssue(path, issue?.message);
}

/** One refusal of the schema's own parse, its message on one line and cut to MAX_PARSE_MESSAGE_CHARS. */
function parseIssue(path: IssuePath, message: unknown): Issue {
  let detail = "invalid value";
  try {
    // Cut before the whitespace pass, so a huge message costs no more than a short one.
    const text = String(message ?? detail).slice(0, 4 * MAX_PARSE_MESSAGE_CHARS);
    detail = text.replace(/\s+/g, " ").trim() || detail;
  } catch {
    // A message that cannot be made a string (an object whose toString throws) says nothing.
  }
  if (detail.length > MAX_PARSE_MESSAGE_CHARS) detail = `${detail.slice(0, MAX_PARSE_MESSAGE_CHARS)}...`;
  return { code: "invalid_value", path, keyword: "parse", detail };
}
