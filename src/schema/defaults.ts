/**
 * A JSON Schema's `default`s, filled in for what a call left out (issue 16, item 2): `help` shows "default: 20", so
 * the callback gets 20. Where ajv's `useDefaults` would put them: a property of `properties` that the value lacks,
 * in the value and in the objects and array items it holds, through local `$ref`s and `allOf`; never inside
 * `anyOf`/`oneOf` (which branch is meant is not known) and never inside a default just inserted (taken as written, so a recursive schema cannot grow a
 * value without end).
 */
import { copySchema } from "./copy.js";
import type { JsonSchema } from "./json-schema.js";
import { isRecord, resolveLocalRef } from "./resolve.js";
import { forEachSubschema } from "./walk.js";

type Fill = (params: Record<string, unknown>) => Record<string, unknown>;

/**
 * The function that returns `params` with the schema's defaults filled in, or undefined when the schema has none.
 * It never changes `params` or anything in it: what it changes is copied on the way down, and each default is a
 * fresh copy, so a callback may change what it got.
 */
export function defaultsFiller(root: JsonSchema): Fill | undefined {
  let found = false;
  forEachSubschema(root, (node) => {
    if (Object.hasOwn(node, "default")) found = true;
  });
  if (!found) return undefined;
  return (params) => fill(root, params, root, new Set()) as Record<string, unknown>;
}

/**
 * `value` with the defaults `schema` gives filled in. `seen` holds the schemas already applied at this place of the
 * value, so a `$ref` cycle ends; it starts empty again one level down, where the value itself bounds the descent.
 */
function fill(schema: unknown, value: unknown, root: JsonSchema, seen: Set<object>): unknown {
  if (!isRecord(schema) || seen.has(schema)) return value;
  seen.add(schema);
  let result = value;
  if (typeof schema.$ref === "string") result = fill(resolveLocalRef(root, schema.$ref), result, root, seen);
  if (Array.isArray(schema.allOf))
    for (const branch of schema.allOf) result = fill(branch, result, root, seen);
  if (isRecord(schema.properties) && isRecord(result))
    result = fillProperties(schema.properties, result, root);
  if (Array.isArray(result)) result = fillItems(schema, result, root);
  return result;
}

function fillProperties(
  properties: JsonSchema,
  value: Record<string, unknown>,
  root: JsonSchema,
): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, sub] of Object.entries(properties)) {
    const current = Object.hasOwn(value, key) ? value[key] : undefined;
    const next = current === undefined ? defaultOf(sub, root) : fill(sub, current, root, new Set());
    if (next === current) continue;
    copy ??= { ...value };
    // defineProperty, not assignment: a property named "__proto__" stays a property and never becomes a prototype.
    Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return copy ?? value;
}

function fillItems(schema: JsonSchema, value: unknown[], root: JsonSchema): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  let copy: unknown[] | undefined;
  for (let index = 0; index < value.length; index++) {
    const sub = index < prefix.length ? prefix[index] : schema.items;
    const next = fill(sub, value[index], root, new Set());
    if (next === value[index]) continue;
    copy ??= [...value];
    copy[index] = next;
  }
  return copy ?? value;
}

/** A fresh copy of the default a property's schema gives (through `$ref`s), or undefined when it gives none. */
function defaultOf(schema: unknown, root: JsonSchema): unknown {
  const seen = new Set<object>();
  for (
    let node = schema;
    isRecord(node) && !seen.has(node);
    node = resolveLocalRef(root, String(node.$ref))
  ) {
    if (Object.hasOwn(node, "default")) return copySchema(node.default);
    if (typeof node.$ref !== "string") return undefined;
    seen.add(node);
  }
  return undefined;
}
