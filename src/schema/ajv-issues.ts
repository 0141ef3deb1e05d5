/**
 * ajv's errors as Issues: each error's `params` mapped to the issue of its keyword, with raw fields (limits,
 * allowed values, the value itself), and the noise ajv produces for oneOf/anyOf collapsed to the branch the caller
 * most plausibly meant. Nothing here is worded: src/issues/wording.ts does that.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import {
  type InvalidEnumIssue,
  type Issue,
  type IssuePath,
  isWithinPath,
  type JsonType,
  type SizeKind,
  type UnknownFlagIssue,
  type UnknownKeyIssue,
} from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import type { JsonSchema } from "./json-schema.js";
import { effectiveType, isRecord, propertySchemas } from "./resolve.js";

/** Size keywords: what is counted, and whether the limit is a minimum. */
const COUNT_BOUNDS: ReadonlyMap<string, [SizeKind, boolean]> = new Map([
  ["minLength", ["string", true]],
  ["maxLength", ["string", false]],
  ["minItems", ["array", true]],
  ["maxItems", ["array", false]],
  ["minProperties", ["object", true]],
  ["maxProperties", ["object", false]],
]);

/** One ajv error, or the collapsed result of a oneOf/anyOf, in ajv's emission order. */
interface Entry {
  instancePath: string;
  schemaPath: string;
  issues: Issue[];
}

/** The issues of ajv's errors, in its order, one per problem (see the module comment). */
export function collapseErrors(errors: readonly ErrorObject[], root: JsonSchema): Issue[] {
  const stack: Entry[] = [];
  for (const error of errors) {
    if (error.keyword === "oneOf" || error.keyword === "anyOf") {
      stack.push(collapseComposite(error, takeBranchEntries(stack, error)));
    } else {
      stack.push({
        instancePath: error.instancePath,
        schemaPath: error.schemaPath,
        issues: mapError(error, root),
      });
    }
  }
  return dedupe(stack.flatMap((entry) => entry.issues));
}

/**
 * ajv emits a failing oneOf/anyOf's branch errors right before it. Walking back, an entry belongs to
 * the composite while it is about the same value and its schema path is under the composite or came
 * through a `$ref` (paths into $defs/definitions); a sibling keyword's error ends the run.
 */
function takeBranchEntries(stack: Entry[], composite: ErrorObject): Entry[] {
  const prefix = `${composite.schemaPath}/`;
  const parentPath = composite.schemaPath.slice(0, composite.schemaPath.lastIndexOf("/"));
  let start = stack.length;
  while (start > 0) {
    const entry = stack[start - 1];
    if (entry === undefined || !isSameOrInside(entry.instancePath, composite.instancePath)) break;
    const viaRef =
      !entry.schemaPath.startsWith(`${parentPath}/`) || /^#\/(\$defs|definitions)\//.test(entry.schemaPath);
    if (!entry.schemaPath.startsWith(prefix) && !viaRef) break;
    start--;
  }
  return stack.splice(start);
}

function isSameOrInside(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
}

function collapseComposite(composite: ErrorObject, entries: Entry[]): Entry {
  const path = toIssuePath(composite.instancePath);
  const base = { instancePath: composite.instancePath, schemaPath: composite.schemaPath };
  const passing = composite.params.passingSchemas;
  if (Array.isArray(passing)) return { ...base, issues: [{ code: "invalid_value", path, keyword: "oneOf" }] };
  const branches = groupByBranch(entries, composite);
  const viable = branches.filter((issues) => !issues.some((issue) => isShapeMismatch(issue, path)));
  if (viable.length === 0) return { ...base, issues: [mergeShapeMismatches(branches, path, composite.data)] };
  const discriminators = viable.map((issues) =>
    issues.filter((issue): issue is InvalidEnumIssue => isDiscriminatorMismatch(issue, path)),
  );
  if (discriminators.every((found) => found.length > 0)) {
    const merged = mergeDiscriminators(discriminators.flat());
    if (merged) return { ...base, issues: [merged] };
  }
  const ranked = viable
    .map((issues, index) => ({
      issues,
      rank: ((discriminators[index]?.length ?? 0) > 0 ? 1000 : 0) + issues.length,
    }))
    .sort((left, right) => left.rank - right.rank);
  return { ...base, issues: ranked[0]?.issues ?? [] };
}

/** Splits a composite's entries by branch index, in order; entries reached via `$ref` are matched to
 * the branch whose `$ref` they start with, else to the branch of the entry before them. */
function groupByBranch(entries: Entry[], composite: ErrorObject): Issue[][] {
  const prefix = `${composite.schemaPath}/`;
  const branchSchemas: unknown[] = Array.isArray(composite.schema) ? composite.schema : [];
  const groups = new Map<number, Issue[]>();
  let current = 0;
  for (const entry of entries) {
    if (entry.schemaPath.startsWith(prefix)) {
      current = Number.parseInt(entry.schemaPath.slice(prefix.length), 10) || 0;
    } else {
      const index = branchSchemas.findIndex(
        (branch) =>
          isRecord(branch) &&
          typeof branch.$ref === "string" &&
          isSameOrInside(entry.schemaPath, branch.$ref),
      );
      if (index >= 0) current = index;
    }
    const group = groups.get(current) ?? [];
    group.push(...entry.issues);
    groups.set(current, group);
  }
  return [...groups.entries()].sort(([left], [right]) => left - right).map(([, issues]) => issues);
}

function samePath(left: IssuePath, right: IssuePath): boolean {
  return left.length === right.length && isWithinPath(left, right);
}

/** The branch wants a different type or literal for the value itself. */
function isShapeMismatch(issue: Issue, path: IssuePath): boolean {
  return samePath(issue.path, path) && ["invalid_type", "invalid_enum", "no_match"].includes(issue.code);
}

/** A literal mismatch on a direct child key, like zod's discriminated-union `kind: const "a"`. */
function isDiscriminatorMismatch(issue: Issue, path: IssuePath): boolean {
  if (issue.code !== "invalid_enum" || issue.path.length !== path.length + 1) return false;
  return isWithinPath(issue.path, path) && typeof issue.path[path.length] === "string";
}

/** Every branch wants another type or literal: one issue listing them all. */
function mergeShapeMismatches(branches: Issue[][], path: IssuePath, data: unknown): Issue {
  const mismatches = branches.flat().filter((issue) => isShapeMismatch(issue, path));
  const allowed = mismatches.flatMap((issue) =>
    issue.code === "invalid_enum" || issue.code === "invalid_type" ? (issue.allowed ?? []) : [],
  );
  if (mismatches.length > 0 && mismatches.every((issue) => issue.code === "invalid_enum")) {
    return enumIssue(path, allowed, data);
  }
  const types = new Set<JsonType>();
  for (const issue of mismatches) {
    if (issue.code === "invalid_type" || issue.code === "no_match")
      for (const type of issue.expected ?? []) types.add(type);
  }
  const issue: Issue = { code: "invalid_type", path, expected: [...types], received: data };
  if (allowed.length > 0) issue.allowed = uniqueValues(allowed);
  return issue;
}

function mergeDiscriminators(mismatches: InvalidEnumIssue[]): Issue | undefined {
  const first = mismatches[0];
  if (first === undefined || mismatches.some((issue) => !samePath(issue.path, first.path))) return undefined;
  return enumIssue(
    first.path,
    mismatches.flatMap((issue) => issue.allowed),
    first.received,
  );
}

function uniqueValues(values: readonly unknown[]): unknown[] {
  return [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
}

function enumIssue(path: IssuePath, allowed: readonly unknown[], data: unknown): InvalidEnumIssue {
  const unique = uniqueValues(allowed);
  const issue: InvalidEnumIssue = { code: "invalid_enum", path, allowed: unique, received: data };
  if (typeof data === "string") {
    const suggestion = closest(
      data,
      unique.filter((value): value is string => typeof value === "string"),
    );
    if (suggestion !== undefined) issue.suggestion = suggestion;
  }
  return issue;
}

/** Maps one ajv error; `if` is dropped because the failing `then`/`else` branch reports the cause. */
function mapError(error: ErrorObject, root: JsonSchema): Issue[] {
  const path = toIssuePath(error.instancePath);
  const params: Record<string, unknown> = error.params;
  const received: unknown = error.data;
  switch (error.keyword) {
    case "if":
      return [];
    case "required":
    case "dependentRequired":
      return [missingIssue(path, String(params.missingProperty), error.parentSchema, root)];
    case "additionalProperties":
    case "unevaluatedProperties": {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      return [unknownIssue(path, name, error.parentSchema, root)];
    }
    case "type":
      return [
        { code: "invalid_type", path, expected: String(params.type).split(",") as JsonType[], received },
      ];
    case "enum":
      return [enumIssue(path, Array.isArray(params.allowedValues) ? params.allowedValues : [], received)];
    case "const":
      return [enumIssue(path, [params.allowedValue], received)];
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return [boundIssue(path, "number", String(params.comparison), Number(params.limit), received)];
    case "pattern":
      return [patternIssue(path, String(params.pattern), error.parentSchema, received)];
    case "format":
      return [{ code: "invalid_format", path, format: String(params.format), received }];
    case "multipleOf":
      return [
        {
          code: "invalid_value",
          path,
          keyword: "multipleOf",
          multipleOf: Number(params.multipleOf),
          received,
        },
      ];
    case "uniqueItems":
      return [{ code: "invalid_value", path, keyword: "uniqueItems", received }];
    case "false schema":
      return [{ code: "invalid_value", path, keyword: "false", received }];
    default:
      return [countIssue(error, path, Number(params.limit)) ?? otherIssue(error, path)];
  }
}

/** minLength, maxItems, ...: a size bound on a string, an array or an object. */
function countIssue(error: ErrorObject, path: IssuePath, limit: number): Issue | undefined {
  const bound = COUNT_BOUNDS.get(error.keyword);
  if (bound === undefined) return undefined;
  return boundIssue(path, bound[0], bound[1] ? ">=" : "<=", limit, error.data);
}

function otherIssue(error: ErrorObject, path: IssuePath): Issue {
  const issue: Issue = { code: "invalid_value", path, keyword: error.keyword, received: error.data };
  // Keywords without a wording of their own (not, then, contains, ...) are said in ajv's words.
  if (error.message !== undefined) issue.detail = error.message;
  return issue;
}

function boundIssue(
  path: IssuePath,
  kind: SizeKind,
  comparison: string,
  limit: number,
  received: unknown,
): Issue {
  const inclusive = comparison.endsWith("=");
  return comparison.startsWith(">")
    ? { code: "too_small", path, kind, minimum: limit, inclusive, received }
    : { code: "too_big", path, kind, maximum: limit, inclusive, received };
}

/** A `format` says what a pattern means (zod emits both). */
function patternIssue(path: IssuePath, pattern: string, parentSchema: unknown, received: unknown): Issue {
  const issue: Issue = { code: "invalid_format", path, pattern, received };
  if (isRecord(parentSchema) && typeof parentSchema.format === "string") issue.format = parentSchema.format;
  return issue;
}

function missingIssue(parentPath: IssuePath, name: string, parentSchema: unknown, root: JsonSchema): Issue {
  const issue: Issue = { code: "missing_required", path: [...parentPath, name] };
  const property = propertySchemas(parentSchema, root).get(name);
  if (property !== undefined) issue.expected = [...effectiveType(property, root).types];
  return issue;
}

function unknownIssue(parentPath: IssuePath, name: string, parentSchema: unknown, root: JsonSchema): Issue {
  const known = [...propertySchemas(parentSchema, root).keys()];
  const path = [...parentPath, name];
  const code = parentPath.length === 0 ? "unknown_flag" : "unknown_key";
  const issue: UnknownFlagIssue | UnknownKeyIssue = { code, path, key: name, known };
  const suggestion = closest(name, known);
  if (suggestion !== undefined) issue.suggestion = suggestion;
  return issue;
}

/** "/filter/status" -> ["filter", "status"], "/tags/2" -> ["tags", 2]. */
function toIssuePath(instancePath: string): IssuePath {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((raw) => {
      const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      return /^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment;
    });
}

/** The part of an issue that says what was expected: two issues alike in it and in place say the same. */
function expectationKey(issue: Issue): string {
  switch (issue.code) {
    case "missing_required":
    case "invalid_type":
      return JSON.stringify([issue.expected, "allowed" in issue ? issue.allowed : undefined]);
    case "too_small":
      return JSON.stringify([issue.kind, issue.minimum, issue.inclusive]);
    case "too_big":
      return JSON.stringify([issue.kind, issue.maximum, "inclusive" in issue ? issue.inclusive : undefined]);
    case "invalid_format":
      return JSON.stringify([issue.format, issue.format === undefined ? issue.pattern : undefined]);
    case "invalid_value":
      return JSON.stringify([issue.keyword, issue.multipleOf, issue.detail]);
    default:
      return "";
  }
}

/** Drops repeats, and other complaints about a value whose type is already wrong (the root cause). */
function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  const wrongType = new Set(
    issues.filter((issue) => issue.code === "invalid_type").map((issue) => JSON.stringify(issue.path)),
  );
  return issues.filter((issue) => {
    const path = JSON.stringify(issue.path);
    if (issue.code !== "invalid_type" && wrongType.has(path)) return false;
    const key = `${issue.code}\u0000${path}\u0000${expectationKey(issue)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
