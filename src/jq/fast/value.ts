/**
 * The fast path's values (what JSON.parse gives, with objects whose keys JavaScript keeps in insertion order) and
 * the parts of jq 1.8.2's semantics every form needs: its total order, truthiness and its output writer.
 */

export type Value = null | boolean | number | string | Value[] | JsonObject;
export interface JsonObject {
  [key: string]: Value;
}

/** jq raised an error (a `?` may catch it; at the top, jq answers with its own message). */
export class JqError extends Error {}
/** The fast path cannot be sure of jq's answer: jq must give it. */
export class Unsure extends Error {}

/** Keys JavaScript would move ahead of the others in an object (jq keeps insertion order). */
export const INTEGER_KEY: RegExp = /^(0|[1-9]\d*)$/;

const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for a string holding half a surrogate pair, which jq would have replaced (input) or cannot hold. */
export function wellFormed(text: string): boolean {
  return !SURROGATE.test(text) || !LONE_SURROGATE.test(text);
}

export function isObject(value: Value): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A new object, with no prototype so that a key such as `__proto__` is a plain key. */
export function newObject(): JsonObject {
  return Object.create(null) as JsonObject;
}

/** Sets a key as jq does (an existing key keeps its place), refusing keys JavaScript would reorder. */
export function setKey(object: JsonObject, key: string, value: Value): void {
  if (INTEGER_KEY.test(key) || !wellFormed(key)) throw new Unsure();
  object[key] = value;
}

export function truthy(value: Value): boolean {
  return value !== null && value !== false;
}

export function typeName(value: Value): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value === "object" ? "object" : typeof value;
}

function rank(value: Value): number {
  if (value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  if (typeof value === "number") return 3;
  if (typeof value === "string") return 4;
  return Array.isArray(value) ? 5 : 6;
}

/** Strings in jq compare by their UTF-8 bytes, that is by code point (JavaScript's `<` compares UTF-16 units). */
function compareStrings(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    // A surrogate (astral code point) sorts above every BMP unit: UTF-16 order is code point order elsewhere.
    const xHigh = x >= 0xd800 && x <= 0xdfff;
    const yHigh = y >= 0xd800 && y <= 0xdfff;
    if (xHigh !== yHigh) return xHigh ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

export function sortedKeys(object: JsonObject): string[] {
  return Object.keys(object).sort(compareStrings);
}

/** jq's total order: null < false < true < numbers < strings < arrays < objects, arrays by element, objects by keys then values. */
export function compare(a: Value, b: Value): number {
  const difference = rank(a) - rank(b);
  if (difference !== 0) return difference;
  if (typeof a === "number") return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (typeof a === "string") return compareStrings(a, b as string);
  if (Array.isArray(a)) {
    const other = b as Value[];
    for (let index = 0; index < a.length && index < other.length; index++) {
      const order = compare(a[index] as Value, other[index] as Value);
      if (order !== 0) return order;
    }
    return a.length - other.length;
  }
  if (isObject(a) && isObject(b)) {
    const keys = sortedKeys(a);
    const order = compare(keys, sortedKeys(b));
    if (order !== 0) return order;
    for (const key of keys) {
      const valueOrder = compare(a[key] as Value, b[key] as Value);
      if (valueOrder !== 0) return valueOrder;
    }
  }
  return 0;
}

/**
 * A number as jq 1.8.2 writes it, whether it came from the input (jq keeps the literal; only canonical literals are
 * accepted) or was computed (jq prints the shortest round-trip digits, switching to an exponent below 1e-4 or
 * beyond 17 digits, which JavaScript does elsewhere): only the range where both agree, else Unsure.
 */
export function numberText(value: number): string {
  if (value === 0 && !Object.is(value, -0)) return "0";
  const magnitude = Math.abs(value);
  if (!(magnitude >= 1e-4 && magnitude < 1e15)) throw new Unsure();
  return String(value);
}

const DEL = /\u007f/g;

function stringText(value: string): string {
  if (!wellFormed(value)) throw new Unsure();
  const json = JSON.stringify(value);
  return json.includes("\u007f") ? json.replace(DEL, "\\u007f") : json;
}

/** jq's compact JSON (`-c`, tojson, tostring). */
export function compact(value: Value): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return stringText(value);
  if (Array.isArray(value)) return `[${value.map(compact).join(",")}]`;
  const parts: string[] = [];
  for (const key of Object.keys(value)) parts.push(`${stringText(key)}:${compact(value[key] as Value)}`);
  return `{${parts.join(",")}}`;
}

/** jq's default output: two-space indent, `"key": value`, empty containers as `[]` and `{}`. */
export function pretty(value: Value, indent = ""): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = `${indent}  `;
    return `[\n${value.map((item) => inner + pretty(item, inner)).join(",\n")}\n${indent}]`;
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "{}";
    const inner = `${indent}  `;
    const lines = keys.map((key) => `${inner}${stringText(key)}: ${pretty(value[key] as Value, inner)}`);
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return compact(value);
}
