/**
 * Schema validation of tool params with ajv (2020-12 dialect), compiled once per schema. ajv's errors become
 * Issues in src/schema/ajv-issues.ts. Unsupported references fail closed before compiling. ajv is loaded on the
 * first schema, not when toolshell is imported (decision 0037).
 */
import type { Ajv2020 } from "ajv/dist/2020.js";
import loads from "../assets/loads.cjs";
import { ToolshellError } from "../errors.js";
import type { Issue } from "../issues/issue.js";
import { renderValue } from "../issues/wording.js";
import { collapseErrors } from "./ajv-issues.js";
import { copySchema } from "./copy.js";
import type { JsonSchema } from "./json-schema.js";
import { linearRegExp, withPatternBudget } from "./regex.js";
import { isRecord, resolveLocalRef } from "./resolve.js";
import { forEachSubschema } from "./walk.js";

/** Issues found; `omitted` counts ajv's errors past MAX_WORDED_ERRORS, which were not worded. */
export type Validator = (params: unknown) => Issue[] & { omitted?: number };

/**
 * TM-DOS-008: at most this many of ajv's errors are turned into issues per check. Wording costs ~3 µs an error on
 * the caller's thread (output checks, host calls): a 13 MB result with 300,000 mismatches held the event loop
 * 2.4 s; no message shows more than a few lines, the rest are counted.
 */
export const MAX_WORDED_ERRORS: number = 100;

let preparedSchemas = 0;

/** ajv's options on both of its instances: the meta-schema check words its errors as a compile would. */
const AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  verbose: true,
  logger: false,
  addUsedSchema: false,
} as const;

/**
 * ajv's 2020-12 class, loaded on the first schema rather than when toolshell is imported (decision 0037): with
 * require, because registration is synchronous (ajv is CommonJS), through loads.cjs, which bundlers follow (0047).
 */
function ajvClass(): typeof Ajv2020 {
  return loads.ajv().Ajv2020;
}

let metaChecker: Ajv2020 | undefined;
let compiler: Ajv2020 | undefined;

let prebuiltMetaCheck: ((schema: unknown) => boolean) | undefined;

/**
 * Decision 0042: ajv's own standalone code for the 2020-12 meta-schema check (dist/schema/meta-2020.cjs, built by
 * scripts/schema/build-meta-check.mjs with the options below): loading it costs a few ms, where loading ajv and
 * compiling the meta-schema costs ~150 ms of a cold process.
 */
function metaCheck(): (schema: unknown) => boolean {
  prebuiltMetaCheck ??= loads.metaSchemaCheck();
  return prebuiltMetaCheck;
}

/**
 * Checks a prepared schema (in the 2020-12 dialect, its `$schema` dropped by normalizeSchema) against the 2020-12
 * meta-schema, throwing ajv's "schema is invalid: ...". A schema that passes the prebuilt check is valid without
 * ajv; one it refuses goes to ajv, which words the refusal. ajv's instance is one of its own, on V8's regular
 * expressions: the only patterns it runs are the meta-schema's two (of `$id` and `$anchor`, each one run of a
 * character class, linear on V8), so a schema without patterns never loads the linear-time engine.
 */
function checkMetaSchema(root: JsonSchema): void {
  if (metaCheck()(root)) return;
  metaChecker ??= new (ajvClass())(AJV_OPTIONS);
  metaChecker.validateSchema(root, true);
}

/**
 * The instance that compiles tool schemas, made on the first compile; compiling a tool schema takes ~1 ms (loading
 * ajv and compiling the meta-schema on the other instance's first check, ~30 ms). `addUsedSchema: false` keeps tools whose schemas share an
 * `$id` from colliding; it does not check the meta-schema again (checkMetaSchema did, before every compile).
 */
function schemaCompiler(): Ajv2020 {
  compiler ??= new (ajvClass())({
    ...AJV_OPTIONS,
    validateSchema: false,
    // TM-DOS-003: every schema pattern, on every path (shell, host calls, output checks), runs in linear time.
    code: { regExp: linearRegExp },
  });
  return compiler;
}

/**
 * Compiles `schema` into a validator returning Issues (empty when valid). Throws
 * ToolshellError("invalid_schema") for external, non-string or unresolvable `$ref`s, for patterns the
 * linear-time engine cannot run (lookaround, backreferences) and for schemas ajv rejects. The caller's schema
 * is copied, never mutated, and params are never coerced.
 */
export function compileValidator(schema: JsonSchema): Validator {
  const root = prepared(schema);
  refusedAsAjvWould(() => checkMetaSchema(root));
  return compiled(root);
}

/**
 * The validator of a schema checked now and compiled on its first use: what registration needs on the caller's
 * thread, where most tools are only called from scripts (their worker compiles its own) and compiling costs ~1 ms a
 * schema. It throws ToolshellError("invalid_schema") now for every schema compileValidator refuses: what ajv's
 * compile checks beyond the meta-schema is checked here without generating code (each pattern on the linear-time
 * engine, which loads it); a schema that declares identifiers below its root (`$id`) or anchors, which ajv resolves
 * by base URI where toolshell's reference checks do not (duplicates, references under another base), is compiled now.
 */
export function deferredValidator(schema: JsonSchema): Validator {
  const root = prepared(schema);
  const patterns: string[] = [];
  let identifiers = false;
  let keywordError: string | undefined;
  forEachSubschema(root, (node) => {
    keywordError ??= refusedKeyword(node);
    if (typeof node.pattern === "string") patterns.push(node.pattern);
    if (isRecord(node.patternProperties)) patterns.push(...Object.keys(node.patternProperties));
    identifiers ||=
      (node !== root && Object.hasOwn(node, "$id")) ||
      Object.hasOwn(node, "$anchor") ||
      Object.hasOwn(node, "$dynamicAnchor");
  });
  refusedAsAjvWould(() => checkMetaSchema(root));
  if (keywordError !== undefined)
    throw new ToolshellError("invalid_schema", `invalid schema: ${keywordError}`);
  if (identifiers) return compiled(root);
  refusedAsAjvWould(() => {
    for (const pattern of patterns) linearRegExp(pattern, "u");
  });
  let validate: Validator | undefined;
  return (params) => {
    validate ??= compiled(root);
    return validate(params);
  };
}

/**
 * What ajv's compile refuses in one subschema beyond the meta-schema (its keyword definitions' own checks, with
 * `strict: false`), in its words: an empty `enum`, and `nullable` (OpenAPI's) without a `type`.
 */
function refusedKeyword(node: JsonSchema): string | undefined {
  if (Array.isArray(node.enum) && node.enum.length === 0) return "enum must have non-empty array";
  if (node.nullable === true && node.type === undefined) return '"nullable" cannot be used without "type"';
  return undefined;
}

/** Runs `check`, turning what it throws into ToolshellError("invalid_schema") as a failed compile is. */
function refusedAsAjvWould<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolshellError("invalid_schema", `invalid schema: ${message}`, { cause: error });
  }
}

/** A private copy of `schema` (see normalizeSchema) with a root `$id`, whose every reference was checked. */
function prepared(schema: JsonSchema): JsonSchema {
  const root = normalizeSchema(schema);
  // With addUsedSchema off, ajv resolves a root `$ref: "#"` (recursive schemas) only against an `$id`.
  if (typeof root.$id !== "string") root.$id = `urn:toolshell:schema:${++preparedSchemas}`;
  forEachSubschema(root, (node) => checkReferences(node, root));
  return root;
}

/** ajv's validator of a prepared, checked schema, its errors as Issues. */
function compiled(root: JsonSchema): Validator {
  const instance = schemaCompiler();
  let validate: ReturnType<typeof instance.compile>;
  try {
    validate = refusedAsAjvWould(() => instance.compile(root));
  } finally {
    // The compiled function is self-contained; dropping the cache entry keeps the shared instance small.
    instance.removeSchema(root);
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
    copy = copySchema(schema);
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
