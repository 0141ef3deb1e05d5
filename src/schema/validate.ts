/**
 * Schema validation of tool params with ajv (2020-12 dialect), compiled once per schema. Errors are
 * mapped to structured Issues; the noise ajv produces for oneOf/anyOf is collapsed to the branch the
 * caller most plausibly meant. Unsupported references fail closed at compile time.
 */
// The named export is the class under both Node's CJS interop and bundlers; the default import is
// `module.exports` under NodeNext, which only happens to be the class too.
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import { ToolshellError } from "../errors.js";
import { type Issue, renderValue } from "../issues/issue.js";
import { closest } from "../issues/suggest.js";
import type { JsonSchema } from "./json-schema.js";
import { linearRegExp, withPatternBudget } from "./regex.js";
import { effectiveType, isRecord, propertySchemas, resolveLocalRef, typeLabel } from "./resolve.js";
import { forEachSubschema } from "./walk.js";

/** Issues found; `omitted` counts ajv's errors past MAX_WORDED_ERRORS, which were not worded. */
export type Validator = (params: unknown) => Issue[] & { omitted?: number };

/**
 * TM-DOS-008: at most this many of ajv's errors are turned into issues per check. Wording costs ~3 µs an error on
 * the caller's thread (output checks, host calls): a 13 MB result with 300,000 mismatches held the event loop
 * 2.4 s; no message shows more than a few lines, the rest are counted.
 */
export const MAX_WORDED_ERRORS: number = 100;

let compiledSchemas = 0;

/**
 * One shared instance: constructing Ajv compiles its meta-schemas (~30 ms), compiling a tool schema
 * into an existing instance takes ~1 ms. `addUsedSchema: false` keeps tools whose schemas share an
 * `$id` from colliding.
 */
const MAX_PATTERN_LENGTH = 40;

/** Size keywords: what is counted and the comparison the limit imposes. */
const COUNT_BOUNDS: Record<string, [string, string]> = {
  minLength: ["length ", ">="],
  maxLength: ["length ", "<="],
  minItems: ["items ", ">="],
  maxItems: ["items ", "<="],
  minProperties: ["keys ", ">="],
  maxProperties: ["keys ", "<="],
};

const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  addUsedSchema: false,
  // TM-DOS-003: every schema pattern, on every path (shell, host calls, output checks), runs in linear time.
  code: { regExp: linearRegExp },
});

/**
 * Compiles `schema` into a validator returning Issues (empty when valid). Throws
 * ToolshellError("invalid_schema") for external, non-string or unresolvable `$ref`s, for patterns the
 * linear-time engine cannot run (lookaround, backreferences) and for schemas ajv rejects. The caller's schema
 * is copied, never mutated, and params are never coerced.
 */
export function compileValidator(schema: JsonSchema): Validator {
  const root = normalizeSchema(schema);
  // With addUsedSchema off, ajv resolves a root `$ref: "#"` (recursive schemas) only against an `$id`.
  if (typeof root.$id !== "string") root.$id = `urn:toolshell:schema:${++compiledSchemas}`;
  forEachSubschema(root, (node) => checkReferences(node, root));
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(root);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolshellError("invalid_schema", `invalid schema: ${message}`, { cause: error });
  } finally {
    // The compiled function is self-contained; dropping the cache entry keeps the shared instance small.
    ajv.removeSchema(root);
  }
  return (params) => {
    const { result, refused } = withPatternBudget(() => validate(params));
    if (result && refused === undefined) return [];
    // TM-DOS-003: a refused pattern test fails the check even where it made it pass (under `not`, in anyOf), and
    // is reported once, first (it survives the cut to the first few issues), not as a mismatch of the value.
    const errors = (result ? [] : (validate.errors ?? [])).filter(
      (error) => !(error.keyword === "pattern" && refused?.has(String(error.params.pattern), error.data)),
    );
    const issues: Issue[] & { omitted?: number } = collapseErrors(errors.slice(0, MAX_WORDED_ERRORS), root);
    if (refused !== undefined) issues.unshift(refused.issue);
    if (errors.length > MAX_WORDED_ERRORS) issues.omitted = errors.length - MAX_WORDED_ERRORS;
    return issues;
  };
}

/**
 * A private deep copy in the 2020-12 dialect: `$schema` is dropped (Ajv2020 would reject draft-07's
 * meta-schema URI), draft-07 tuple `items`/`additionalItems` become `prefixItems`/`items`, and
 * `dependencies` split into `dependentRequired`/`dependentSchemas`.
 */
function normalizeSchema(schema: JsonSchema): JsonSchema {
  let copy: unknown;
  try {
    copy = structuredClone(schema);
  } catch (error) {
    throw new ToolshellError("invalid_schema", "invalid schema: not plain JSON data", { cause: error });
  }
  if (!isRecord(copy)) throw new ToolshellError("invalid_schema", "invalid schema: not an object");
  forEachSubschema(copy, upgradeDraft07);
  return copy;
}

function upgradeDraft07(node: JsonSchema): void {
  delete node.$schema;
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    if (node.additionalItems === undefined) delete node.items;
    else node.items = node.additionalItems;
    delete node.additionalItems;
  }
  if (isRecord(node.dependencies)) {
    for (const [name, dependency] of Object.entries(node.dependencies)) {
      const target = Array.isArray(dependency) ? "dependentRequired" : "dependentSchemas";
      const existing = isRecord(node[target]) ? node[target] : {};
      node[target] = { ...existing, [name]: dependency };
    }
    delete node.dependencies;
  }
}

function checkReferences(node: JsonSchema, root: JsonSchema): void {
  for (const keyword of ["$ref", "$dynamicRef", "$recursiveRef"]) {
    if (!Object.hasOwn(node, keyword)) continue;
    const ref = node[keyword];
    if (typeof ref !== "string") {
      throw new ToolshellError(
        "invalid_schema",
        `invalid schema: ${keyword} must be a string, got ${renderValue(ref)}`,
      );
    }
    if (!ref.startsWith("#")) {
      throw new ToolshellError(
        "invalid_schema",
        `invalid schema: external ${keyword} "${ref}" is not supported`,
      );
    }
    if (keyword === "$ref" && resolveLocalRef(root, ref) === undefined) {
      throw new ToolshellError("invalid_schema", `invalid schema: cannot resolve $ref "${ref}"`);
    }
    if (keyword === "$ref") checkRefChain(root, ref);
  }
}

/**
 * A `$ref` that only leads to more `$ref`s and back (`a -> b -> a`) describes nothing and would recurse forever
 * in ajv: refuse it. Recursion through a real schema (a tree whose `items` refer to `#`) is fine.
 */
/** Keys that constrain nothing: a schema made of these and a `$ref` is only a pointer. */
const ANNOTATIONS = new Set([
  "$ref",
  "$id",
  "$schema",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "examples",
  "default",
]);

function checkRefChain(root: JsonSchema, start: string): void {
  const seen = new Set<string>();
  let ref: unknown = start;
  while (typeof ref === "string") {
    if (seen.has(ref)) {
      throw new ToolshellError(
        "invalid_schema",
        `invalid schema: cyclic $ref "${start}" refers only to itself`,
      );
    }
    seen.add(ref);
    const target = resolveLocalRef(root, ref);
    ref =
      isRecord(target) && Object.keys(target).every((key) => ANNOTATIONS.has(key)) ? target.$ref : undefined;
  }
}

/** One ajv error, or the collapsed result of a oneOf/anyOf, in ajv's emission order. */
interface Entry {
  instancePath: string;
  schemaPath: string;
  issues: Issue[];
}

function collapseErrors(errors: readonly ErrorObject[], root: JsonSchema): Issue[] {
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
  if (Array.isArray(passing)) {
    const issue: Issue = { code: "invalid_value", path, expected: "exactly one allowed shape" };
    return { ...base, issues: [issue] };
  }
  const branches = groupByBranch(entries, composite);
  const viable = branches.filter((issues) => !issues.some((issue) => isShapeMismatch(issue, path)));
  if (viable.length === 0) return { ...base, issues: [mergeShapeMismatches(branches, path, composite.data)] };
  const discriminators = viable.map((issues) =>
    issues.filter((issue) => isDiscriminatorMismatch(issue, path)),
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

/** The branch wants a different type or literal for the value itself. */
function isShapeMismatch(issue: Issue, path: string): boolean {
  return issue.path === path && ["invalid_type", "invalid_enum", "no_match"].includes(issue.code);
}

/** A literal mismatch on a direct child key, like zod's discriminated-union `kind: const "a"`. */
function isDiscriminatorMismatch(issue: Issue, path: string): boolean {
  if (issue.code !== "invalid_enum") return false;
  const rest =
    path === "" ? issue.path : issue.path.startsWith(`${path}.`) ? issue.path.slice(path.length + 1) : "";
  return rest !== "" && !rest.includes(".") && !rest.includes("[");
}

function mergeShapeMismatches(branches: Issue[][], path: string, data: unknown): Issue {
  const mismatches = branches.flat().filter((issue) => isShapeMismatch(issue, path));
  const received = renderValue(data);
  if (mismatches.length > 0 && mismatches.every((issue) => issue.code === "invalid_enum")) {
    return enumIssue(
      path,
      mismatches.flatMap((issue) => issue.allowed ?? []),
      data,
    );
  }
  const expected = new Set<string>();
  for (const issue of mismatches) {
    if (issue.code === "invalid_enum")
      for (const value of issue.allowed ?? []) expected.add(renderValue(value));
    else for (const part of (issue.expected ?? "").split("|")) if (part !== "") expected.add(part);
  }
  return { code: "invalid_type", path, expected: [...expected].join("|"), received };
}

function mergeDiscriminators(mismatches: Issue[]): Issue | undefined {
  const first = mismatches[0];
  if (first === undefined || mismatches.some((issue) => issue.path !== first.path)) return undefined;
  return enumIssue(
    first.path,
    mismatches.flatMap((issue) => issue.allowed ?? []),
    parseRendered(first.received),
  );
}

function parseRendered(received: string | undefined): unknown {
  try {
    return received === undefined ? undefined : JSON.parse(received);
  } catch {
    return undefined;
  }
}

function enumIssue(path: string, allowed: unknown[], data: unknown): Issue {
  const unique = [...new Map(allowed.map((value) => [JSON.stringify(value), value])).values()];
  const issue: Issue = { code: "invalid_enum", path, allowed: unique, received: renderValue(data) };
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
  const received = renderValue(error.data);
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
      return [{ code: "invalid_type", path, expected: String(params.type).replace(/,/g, "|"), received }];
    case "enum":
      return [enumIssue(path, Array.isArray(params.allowedValues) ? params.allowedValues : [], error.data)];
    case "const":
      return [enumIssue(path, [params.allowedValue], error.data)];
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return [boundIssue(path, "", String(params.comparison), params.limit, received)];
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "minProperties":
    case "maxProperties": {
      const [measure, comparison] = COUNT_BOUNDS[error.keyword] ?? ["", ""];
      return [boundIssue(path, measure, comparison, params.limit, received)];
    }
    case "pattern":
      return [
        {
          code: "invalid_format",
          path,
          expected: describePattern(params.pattern, error.parentSchema),
          received,
        },
      ];
    case "format":
      return [{ code: "invalid_format", path, expected: `format ${String(params.format)}`, received }];
    case "multipleOf":
      return [
        { code: "invalid_value", path, expected: `multiple of ${String(params.multipleOf)}`, received },
      ];
    case "uniqueItems":
      return [{ code: "invalid_value", path, expected: "unique items", received }];
    case "false schema":
      return [{ code: "invalid_value", path, expected: "no value here", received }];
    default:
      return [{ code: "invalid_value", path, expected: error.message ?? error.keyword, received }];
  }
}

function boundIssue(
  path: string,
  measure: string,
  comparison: string,
  limit: unknown,
  received: string,
): Issue {
  const tooSmall = comparison.startsWith(">");
  return {
    code: tooSmall ? "too_small" : "too_big",
    path,
    expected: `${measure}${comparison} ${String(limit)}`,
    received,
  };
}

function missingIssue(parentPath: string, name: string, parentSchema: unknown, root: JsonSchema): Issue {
  const issue: Issue = { code: "missing_required", path: joinPath(parentPath, name) };
  const property = propertySchemas(parentSchema, root).get(name);
  if (property !== undefined) issue.expected = typeLabel(effectiveType(property, root));
  return issue;
}

function unknownIssue(parentPath: string, name: string, parentSchema: unknown, root: JsonSchema): Issue {
  const known = [...propertySchemas(parentSchema, root).keys()];
  const issue: Issue = {
    code: parentPath === "" ? "unknown_flag" : "unknown_key",
    path: joinPath(parentPath, name),
  };
  if (parentPath === "") issue.flag = `--${name}`;
  const suggestion = closest(name, known);
  if (suggestion !== undefined) issue.suggestion = suggestion;
  issue.known = known;
  return issue;
}

/** "/filter/status" -> "filter.status", "/tags/2" -> "tags[2]". */
function toIssuePath(instancePath: string): string {
  if (instancePath === "") return "";
  let path = "";
  for (const raw of instancePath.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    path = /^(0|[1-9]\d*)$/.test(segment) ? `${path}[${segment}]` : joinPath(path, segment);
  }
  return path;
}

function joinPath(parent: string, key: string): string {
  return parent === "" ? key : `${parent}.${key}`;
}

/** A `format` says what a pattern means (zod emits both); raw patterns are cut to stay readable. */
function describePattern(pattern: unknown, parentSchema: unknown): string {
  if (isRecord(parentSchema) && typeof parentSchema.format === "string")
    return `format ${parentSchema.format}`;
  const text = String(pattern);
  return `pattern ${text.length > MAX_PATTERN_LENGTH ? `${text.slice(0, MAX_PATTERN_LENGTH - 3)}...` : text}`;
}

/** Drops repeats, and other complaints about a value whose type is already wrong (the root cause). */
function dedupe(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  const wrongType = new Set(
    issues.filter((issue) => issue.code === "invalid_type").map((issue) => issue.path),
  );
  return issues.filter((issue) => {
    if (issue.code !== "invalid_type" && wrongType.has(issue.path)) return false;
    const key = `${issue.code}\u0000${issue.path}\u0000${issue.expected ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
