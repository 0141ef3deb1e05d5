/**
 * Effective-type resolution: what JSON types a (sub)schema accepts and what shape it has once local
 * `$ref`s, `allOf`/`oneOf`/`anyOf`, nullable type arrays and implicit signals are taken into account.
 * It is an approximation for argument coercion and help text, never for validation (ajv does that).
 * It never throws and never loops: cyclic references resolve to "unconstrained".
 */
import type { JsonType } from "../issues/issue.js";
import { MAX_SCHEMA_RESOLVE_VISITS } from "../limits.js";
import type { JsonSchema } from "./json-schema.js";

export type { JsonType };

export interface EffectiveType {
  /** Accepted JSON types. Empty means unconstrained (or unknowable, e.g. a cycle). */
  types: Set<JsonType>;
  /** Allowed values when `enum`/`const` constrain them. */
  enumValues: unknown[] | undefined;
  /** Object properties, in declaration order, merged across combinators. */
  properties: Map<string, JsonSchema>;
  /** Properties required in every accepted shape. */
  required: Set<string>;
  /** True when unknown properties are rejected (`additionalProperties`/`unevaluatedProperties` false). */
  closed: boolean;
  /**
   * True when the schema says other properties are welcome (`additionalProperties` or `unevaluatedProperties` true
   * or a schema, `patternProperties`), or may define properties this resolution does not read (`if`/`then`/`else`,
   * `dependentSchemas`, a reference that does not resolve, a schema past the visit budget).
   */
  open: boolean;
  /** The schema of array items, merged across tuple positions and combinators. */
  items: JsonSchema | undefined;
  description: string | undefined;
  /** The `default` keyword, if any; `hasDefault` distinguishes a `null` default from none. */
  default: unknown;
  hasDefault: boolean;
}

const ALL_TYPES: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "object",
  "array",
  "null",
]);

/** Resolves a (sub)schema to its effective type. `root` is the document local `$ref`s point into. */
export function effectiveType(schema: unknown, root: JsonSchema): EffectiveType {
  return collect(schema, { root, active: new Set(), visits: 0 });
}

/** The properties an object (sub)schema defines, after resolving refs and combinators. */
export function propertySchemas(schema: unknown, root: JsonSchema): Map<string, JsonSchema> {
  return effectiveType(schema, root).properties;
}

/**
 * Resolves a local reference: "#", a JSON pointer "#/$defs/a~1b" (percent-decoded, ~1 and ~0
 * unescaped) or a plain-name fragment "#name" (`$anchor`, `$dynamicAnchor` or draft-07 `$id: "#name"`).
 * Returns undefined for anything else or when the target does not exist.
 */
export function resolveLocalRef(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith("#")) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === "") return root;
  if (!fragment.startsWith("/")) return findAnchor(root, fragment);
  let node: unknown = root;
  for (const token of fragment.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) {
      node = /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
    } else if (isRecord(node) && Object.hasOwn(node, key)) {
      node = node[key];
    } else {
      return undefined;
    }
  }
  return node;
}

export function isRecord(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface Walk {
  root: JsonSchema;
  /** Schemas on the current resolution path: meeting one again is a cycle. */
  active: Set<object>;
  visits: number;
}

function collect(schema: unknown, walk: Walk): EffectiveType {
  if (!isRecord(schema) || walk.active.has(schema)) return unconstrained();
  // Past the visit budget the rest of the schema is not read: it may define more properties.
  if (walk.visits >= MAX_SCHEMA_RESOLVE_VISITS) return { ...unconstrained(), open: true };
  walk.visits++;
  walk.active.add(schema);
  try {
    const parts: EffectiveType[] = [ownKeywords(schema)];
    const ref = schema.$ref;
    if (typeof ref === "string") {
      const target = resolveLocalRef(walk.root, ref);
      // A reference that does not resolve here may define properties of its own: which ones is unknown.
      parts.push(target === undefined ? { ...unconstrained(), open: true } : collect(target, walk));
    }
    if (Array.isArray(schema.allOf)) for (const part of schema.allOf) parts.push(collect(part, walk));
    for (const keyword of ["oneOf", "anyOf"] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches) && branches.length > 0) {
        parts.push(unite(branches.map((branch) => collect(branch, walk))));
      }
    }
    return parts.reduce(intersect);
  } finally {
    walk.active.delete(schema);
  }
}

function ownKeywords(schema: JsonSchema): EffectiveType {
  const result = unconstrained();
  const declared = schema.type;
  const declaredList = Array.isArray(declared) ? declared : [declared];
  for (const type of declaredList) if (isJsonType(type)) result.types.add(type);
  if (result.types.size > 0 && schema.nullable === true) result.types.add("null");
  result.enumValues = enumValuesOf(schema);
  if (result.types.size === 0) addImplicitTypes(schema, result);
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isRecord(property) || typeof property === "boolean")
        result.properties.set(name, asSchema(property));
    }
  }
  if (Array.isArray(schema.required)) {
    for (const name of schema.required) if (typeof name === "string") result.required.add(name);
  }
  result.closed = schema.additionalProperties === false || schema.unevaluatedProperties === false;
  result.open =
    allowsMore(schema.additionalProperties) ||
    allowsMore(schema.unevaluatedProperties) ||
    isRecord(schema.patternProperties) ||
    // Properties this resolution does not read (conditionals, dependent schemas) may be defined there.
    CONDITIONAL_KEYWORDS.some((keyword) => schema[keyword] !== undefined);
  result.items = itemSchemaOf(schema);
  if (typeof schema.description === "string") result.description = schema.description;
  if (Object.hasOwn(schema, "default")) {
    result.default = schema.default;
    result.hasDefault = true;
  }
  return result;
}

/** Keywords whose subschemas may define properties the effective type does not merge. */
const CONDITIONAL_KEYWORDS = [
  "if",
  "then",
  "else",
  "dependentSchemas",
  "dependencies",
  "$dynamicRef",
] as const;

/** `additionalProperties`/`unevaluatedProperties` that admit other properties: `true` or a schema. */
function allowsMore(keyword: unknown): boolean {
  return keyword === true || isRecord(keyword);
}

/** Without `type`, keywords that only make sense for one type still say which type is meant. */
function addImplicitTypes(schema: JsonSchema, result: EffectiveType): void {
  if (result.enumValues !== undefined) {
    for (const value of result.enumValues) result.types.add(typeOfValue(value));
    return;
  }
  if ("items" in schema || "prefixItems" in schema || "minItems" in schema || "maxItems" in schema) {
    result.types.add("array");
  }
  if ("properties" in schema || "additionalProperties" in schema || "patternProperties" in schema) {
    result.types.add("object");
  }
}

function enumValuesOf(schema: JsonSchema): unknown[] | undefined {
  if (Object.hasOwn(schema, "const")) return [schema.const];
  return Array.isArray(schema.enum) ? [...schema.enum] : undefined;
}

function itemSchemaOf(schema: JsonSchema): JsonSchema | undefined {
  const positional = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : [];
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const variants = [...positional, ...(rest === undefined || rest === false ? [] : [rest])];
  if (variants.length === 0) return undefined;
  if (variants.length === 1) return asSchema(variants[0]);
  return { anyOf: variants };
}

function intersect(left: EffectiveType, right: EffectiveType): EffectiveType {
  return {
    types: intersectTypes(left.types, right.types),
    enumValues: intersectEnums(left.enumValues, right.enumValues),
    properties: mergeProperties(left.properties, right.properties, "allOf"),
    required: new Set([...left.required, ...right.required]),
    closed: left.closed || right.closed,
    open: left.open || right.open,
    items: mergeSchemas(left.items, right.items, "allOf"),
    description: left.description ?? right.description,
    default: left.hasDefault ? left.default : right.default,
    hasDefault: left.hasDefault || right.hasDefault,
  };
}

function unite(branches: EffectiveType[]): EffectiveType {
  const [first, ...rest] = branches;
  if (first === undefined) return unconstrained();
  let result: EffectiveType = { ...first, description: undefined, default: undefined, hasDefault: false };
  for (const branch of rest) {
    const anyUnconstrained = result.types.size === 0 || branch.types.size === 0;
    result = {
      types: anyUnconstrained ? new Set() : new Set([...result.types, ...branch.types]),
      enumValues:
        result.enumValues && branch.enumValues ? [...result.enumValues, ...branch.enumValues] : undefined,
      properties: mergeProperties(result.properties, branch.properties, "anyOf"),
      required: new Set([...result.required].filter((name) => branch.required.has(name))),
      closed: result.closed && branch.closed,
      open: result.open || branch.open,
      items: mergeSchemas(result.items, branch.items, "anyOf"),
      description: undefined,
      default: undefined,
      hasDefault: false,
    };
  }
  return result;
}

function intersectTypes(left: Set<JsonType>, right: Set<JsonType>): Set<JsonType> {
  if (left.size === 0) return right;
  if (right.size === 0) return left;
  const result = new Set<JsonType>([...left].filter((type) => right.has(type)));
  // integer is a subset of number, so {number} ∩ {integer} is {integer}.
  if ((left.has("integer") && right.has("number")) || (left.has("number") && right.has("integer"))) {
    result.add("integer");
  }
  // A contradiction cannot guide coercion; leave it to validation to report.
  return result.size > 0 ? result : new Set();
}

function intersectEnums(left: unknown[] | undefined, right: unknown[] | undefined): unknown[] | undefined {
  if (left === undefined) return right;
  if (right === undefined) return left;
  const keys = new Set(right.map((value) => JSON.stringify(value)));
  return left.filter((value) => keys.has(JSON.stringify(value)));
}

function mergeProperties(
  left: Map<string, JsonSchema>,
  right: Map<string, JsonSchema>,
  combinator: "allOf" | "anyOf",
): Map<string, JsonSchema> {
  if (right.size === 0) return left;
  if (left.size === 0) return right;
  const result = new Map(left);
  for (const [name, schema] of right) {
    const existing = result.get(name);
    result.set(
      name,
      existing === undefined || existing === schema ? schema : { [combinator]: [existing, schema] },
    );
  }
  return result;
}

function mergeSchemas(
  left: JsonSchema | undefined,
  right: JsonSchema | undefined,
  combinator: "allOf" | "anyOf",
): JsonSchema | undefined {
  if (left === undefined || left === right) return right;
  if (right === undefined) return left;
  return { [combinator]: [left, right] };
}

function unconstrained(): EffectiveType {
  return {
    types: new Set(),
    enumValues: undefined,
    properties: new Map(),
    required: new Set(),
    closed: false,
    open: false,
    items: undefined,
    description: undefined,
    default: undefined,
    hasDefault: false,
  };
}

function isJsonType(value: unknown): value is JsonType {
  return typeof value === "string" && ALL_TYPES.has(value);
}

/** The JSON type of a value; whole numbers count as integer. */
function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "object") return "object";
  return "string";
}

/** Boolean schemas: `true` accepts anything; `false` is kept as `{ not: {} }`. */
function asSchema(value: unknown): JsonSchema {
  if (isRecord(value)) return value;
  return value === false ? { not: {} } : {};
}

const anchorIndexes = new WeakMap<JsonSchema, Map<string, unknown>>();

function findAnchor(root: JsonSchema, name: string): unknown {
  let index = anchorIndexes.get(root);
  if (index === undefined) {
    index = new Map();
    indexAnchors(root, index, 0);
    anchorIndexes.set(root, index);
  }
  return index.get(name);
}

function indexAnchors(node: unknown, index: Map<string, unknown>, depth: number): void {
  if (depth > 100 || typeof node !== "object" || node === null) return;
  if (Array.isArray(node)) {
    for (const child of node) indexAnchors(child, index, depth + 1);
    return;
  }
  const record = node as JsonSchema;
  for (const keyword of ["$anchor", "$dynamicAnchor"]) {
    const anchor = record[keyword];
    if (typeof anchor === "string" && !index.has(anchor)) index.set(anchor, record);
  }
  const id = record.$id;
  if (typeof id === "string" && id.startsWith("#") && !index.has(id.slice(1))) index.set(id.slice(1), record);
  for (const [key, child] of Object.entries(record)) {
    if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") {
      indexAnchors(child, index, depth + 1);
    }
  }
}

/** A short type label for messages: "integer", "string|null", "array", "any". */
export function typeLabel(type: EffectiveType): string {
  const types = new Set(type.types);
  if (types.has("number")) types.delete("integer");
  return types.size === 0 ? "any" : [...types].join("|");
}
