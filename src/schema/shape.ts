/**
 * A compact, one-line, TypeScript-like rendering of a JSON Schema, for showing what a tool prints:
 * `{id: integer, name?: string, tags: [string], status: "open"|"closed", address: {city: string, ...}}`.
 * It is for reading, never for validation: local `$ref`s are followed, `allOf` is merged, `oneOf`/`anyOf`
 * become `a|b`, and depth and length are bounded (cut parts read `...`). It never throws and never loops.
 */
import type { JsonSchema } from "./json-schema.js";
import { isRecord, resolveLocalRef } from "./resolve.js";

export interface ShapeOptions {
  /** Objects nested deeper than this render as `{...}` (default 3; arrays do not count). */
  maxDepth?: number;
  /** The result is at most this many characters (default 200). */
  maxLength?: number;
}

/** Enums with more values than this show the first ones and `|...`. */
const MAX_ENUM_VALUES = 8;
/** Shortest budget worth rendering into; below it a part is cut. */
const MIN_ROOM = 3;
const CUT = "...";
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const SHAPE_KEYWORDS = [
  "type",
  "properties",
  "items",
  "prefixItems",
  "additionalProperties",
  "enum",
  "const",
];

interface Walk {
  root: JsonSchema;
  maxDepth: number;
  /** `$ref` targets being rendered: meeting one again is a cycle. */
  active: Set<unknown>;
}

/** The compact shape of `schema`, e.g. `{id: integer, tags: [string]}`; `any` for an empty schema. */
export function outputShape(schema: JsonSchema | boolean, options: ShapeOptions = {}): string {
  const maxLength = Math.max(MIN_ROOM, options.maxLength ?? 200);
  const root = isRecord(schema) ? schema : {};
  const walk: Walk = { root, maxDepth: options.maxDepth ?? 3, active: new Set() };
  const shape = render(schema, walk, 0, maxLength);
  return shape.length <= maxLength ? shape : CUT;
}

function render(node: unknown, walk: Walk, depth: number, budget: number): string {
  if (node === false) return "never";
  if (!isRecord(node)) return "any";
  const ref = node.$ref;
  if (typeof ref === "string") return renderRef(node, ref, walk, depth, budget);
  if (Array.isArray(node.allOf) && node.allOf.length > 0) {
    return render(mergeAllOf(node, walk), walk, depth, budget);
  }
  if (Object.hasOwn(node, "const")) return literals([node.const], budget);
  if (Array.isArray(node.enum)) return withNull(literals(node.enum, budget), node, budget);
  const ownShape = SHAPE_KEYWORDS.some((keyword) => Object.hasOwn(node, keyword));
  if (!ownShape) {
    const branches = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : [];
    if (branches.length > 0) return union(branches, walk, depth, budget);
    if (isRecord(node.not) && Object.keys(node.not).length === 0) return "never";
    return "any";
  }
  const declared = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  const types = declared.filter((type): type is string => typeof type === "string");
  if (types.length === 0) {
    if (Object.hasOwn(node, "items") || Object.hasOwn(node, "prefixItems")) types.push("array");
    else if (Object.hasOwn(node, "properties") || Object.hasOwn(node, "additionalProperties")) {
      types.push("object");
    }
  }
  if (node.nullable === true && !types.includes("null")) types.push("null");
  if (types.length === 0) return "any";
  return join(
    types.map((type) => (room: number) => {
      if (type === "object") return renderObject(node, walk, depth, room);
      if (type === "array") return renderArray(node, walk, depth, room);
      return type;
    }),
    budget,
  );
}

function renderRef(node: JsonSchema, ref: string, walk: Walk, depth: number, budget: number): string {
  const target = resolveLocalRef(walk.root, ref);
  const { $ref: _ref, ...siblings } = node;
  const hasSiblings = Object.keys(siblings).some((key) => SHAPE_KEYWORDS.includes(key) || key === "allOf");
  if (walk.active.has(target)) return looksLikeObject(target) ? `{${CUT}}` : "any";
  walk.active.add(target);
  try {
    const merged = hasSiblings ? { allOf: [target, siblings] } : target;
    return render(merged, walk, depth, budget);
  } finally {
    walk.active.delete(target);
  }
}

function looksLikeObject(node: unknown): boolean {
  return isRecord(node) && (node.type === "object" || isRecord(node.properties));
}

/** allOf as one schema: properties and required merged, the first part's other keywords kept. */
function mergeAllOf(node: JsonSchema, walk: Walk): JsonSchema {
  const { allOf, ...own } = node;
  const parts = [own, ...(Array.isArray(allOf) ? allOf : [])].map((part) => resolvePart(part, walk));
  const merged: JsonSchema = {};
  const properties: JsonSchema = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties" && isRecord(value)) Object.assign(properties, value);
      else if (key === "required" && Array.isArray(value)) {
        for (const name of value) if (typeof name === "string") required.add(name);
      } else if (!Object.hasOwn(merged, key)) merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/** One allOf part with its `$ref` (and nested allOf) followed, so its properties can be merged. */
function resolvePart(part: unknown, walk: Walk, seen = new Set<unknown>()): JsonSchema {
  if (!isRecord(part) || seen.has(part)) return {};
  seen.add(part);
  let node = part;
  if (typeof node.$ref === "string") {
    const { $ref, ...rest } = node;
    const target = resolvePart(resolveLocalRef(walk.root, String($ref)), walk, seen);
    node = {
      ...target,
      ...rest,
      properties: { ...asRecord(target.properties), ...asRecord(rest.properties) },
    };
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    node = mergeAllOf({ ...rest, allOf: allOf.map((item) => resolvePart(item, walk, seen)) }, walk);
  }
  return node;
}

function asRecord(value: unknown): JsonSchema {
  return isRecord(value) ? value : {};
}

function renderObject(node: JsonSchema, walk: Walk, depth: number, budget: number): string {
  const properties = Object.entries(asRecord(node.properties));
  const additional = node.additionalProperties;
  if (properties.length === 0) {
    if (!isRecord(additional) && additional !== true) return "object";
    if (depth >= walk.maxDepth) return `{${CUT}}`;
    const value = render(additional, walk, depth + 1, budget - 9);
    return value.length <= budget - 9 ? `{[key]: ${value}}` : `{${CUT}}`;
  }
  if (depth >= walk.maxDepth) return `{${CUT}}`;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  let out = "{";
  let cut = false;
  for (const [index, [name, schema]] of properties.entries()) {
    const last = index === properties.length - 1;
    const separator = index === 0 ? "" : ", ";
    const key = `${IDENTIFIER.test(name) ? name : JSON.stringify(name)}${required.has(name) ? "" : "?"}: `;
    // Room left for this property's value, keeping space for ", ...}" unless it is the last one.
    const room = budget - out.length - separator.length - key.length - (last ? 1 : 6);
    const value = room < MIN_ROOM ? undefined : render(schema, walk, depth + 1, room);
    if (value === undefined || value === CUT || value.length > room) {
      cut = true;
      break;
    }
    out += `${separator}${key}${value}`;
  }
  if (cut) out += out === "{" ? CUT : `, ${CUT}`;
  return `${out}}`;
}

function renderArray(node: JsonSchema, walk: Walk, depth: number, budget: number): string {
  const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : [];
  const rest = node.items;
  const parts: Array<(room: number) => string> = prefix.map(
    (item) => (room: number) => render(item, walk, depth, room),
  );
  if (prefix.length > 0) {
    if (rest !== undefined && rest !== false) {
      parts.push((room) => `${CUT}${render(rest, walk, depth, room - CUT.length)}`);
    }
    return `[${list(parts, ", ", budget - 2, false)}]`;
  }
  const items = render(rest, walk, depth, budget - 2);
  return items.length <= budget - 2 ? `[${items}]` : `[${CUT}]`;
}

/** Enum or const values as JSON literals joined with `|`, long lists cut. */
function literals(values: unknown[], budget: number): string {
  const shown = values.slice(0, MAX_ENUM_VALUES).map((value) => () => literal(value));
  if (values.length > MAX_ENUM_VALUES) shown.push(() => CUT);
  return join(shown, budget);
}

function literal(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "any";
  } catch {
    return "any";
  }
}

function withNull(shape: string, node: JsonSchema, budget: number): string {
  if (node.nullable !== true || shape.split("|").includes("null")) return shape;
  return join([() => shape, () => "null"], budget);
}

function union(branches: unknown[], walk: Walk, depth: number, budget: number): string {
  return join(
    branches.map((branch) => (room: number) => render(branch, walk, depth, room)),
    budget,
  );
}

/** Alternatives joined with `|`, repeats dropped, cut with `|...` past the budget. */
function join(parts: Array<(room: number) => string>, budget: number): string {
  return list(parts, "|", budget, true);
}

function list(
  parts: Array<(room: number) => string>,
  separator: string,
  budget: number,
  dedupe: boolean,
): string {
  const seen = new Set<string>();
  let out = "";
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    const sep = out === "" ? "" : separator;
    const room = budget - out.length - sep.length - (last ? 0 : separator.length + CUT.length);
    const value = room < MIN_ROOM ? undefined : part(room);
    if (value === undefined || value.length > room) {
      return out === "" ? CUT : `${out}${separator}${CUT}`;
    }
    if (dedupe && seen.has(value)) continue;
    seen.add(value);
    out += `${sep}${value}`;
  }
  return out;
}
