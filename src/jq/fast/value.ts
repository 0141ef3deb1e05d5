/**
 * The fast path's values (what JSON.parse gives, with objects whose keys JavaScript keeps in insertion order) and
 * the parts of jq 1.8.2's semantics every form needs: its total order, truthiness and its output writer.
 */
import type { Budget } from "./budget.js";

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

/**
 * Strings in jq compare by their UTF-8 bytes, that is by code point (JavaScript's `<` compares UTF-16 units). The
 * characters read are charged, when there is a budget.
 */
function compareStrings(a: string, b: string, budget?: Budget): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  for (; index < length; index++) if (a.charCodeAt(index) !== b.charCodeAt(index)) break;
  budget?.charge(index);
  if (index === length) return a.length - b.length;
  const x = a.charCodeAt(index);
  const y = b.charCodeAt(index);
  // A surrogate (astral code point) sorts above every BMP unit: UTF-16 order is code point order elsewhere.
  const xHigh = x >= 0xd800 && x <= 0xdfff;
  const yHigh = y >= 0xd800 && y <= 0xdfff;
  if (xHigh !== yHigh) return xHigh ? 1 : -1;
  return x < y ? -1 : 1;
}

/** Each object's sorted keys, for compare (a sort compares each object with about log2(n) others). */
const keysInOrder = new WeakMap<JsonObject, string[]>();

/** The object's keys in jq's order (values are not changed once built, so the list is kept for the object). */
function orderedKeys(object: JsonObject, budget: Budget): string[] {
  let keys = keysInOrder.get(object);
  if (keys === undefined) {
    keys = Object.keys(object);
    budget.charge(keys.length * (1 + Math.ceil(Math.log2(keys.length + 1))));
    keys.sort((a, b) => compareStrings(a, b, budget));
    keysInOrder.set(object, keys);
  }
  return keys;
}

/** jq's `keys`: a new array of the object's keys in jq's order. */
export function sortedKeys(object: JsonObject, budget: Budget): string[] {
  const keys = orderedKeys(object, budget);
  budget.charge(keys.length);
  return keys.slice();
}

/**
 * jq's total order: null < false < true < numbers < strings < arrays < objects, arrays by element, objects by keys
 * then values. Each value visited and each character read is charged to the call's budget.
 */
export function compare(a: Value, b: Value, budget: Budget): number {
  budget.charge(1);
  const difference = rank(a) - rank(b);
  if (difference !== 0) return difference;
  if (typeof a === "number") return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (typeof a === "string") return compareStrings(a, b as string, budget);
  if (Array.isArray(a)) {
    const other = b as Value[];
    for (let index = 0; index < a.length && index < other.length; index++) {
      const order = compare(a[index] as Value, other[index] as Value, budget);
      if (order !== 0) return order;
    }
    return a.length - other.length;
  }
  if (isObject(a) && isObject(b)) {
    const keys = orderedKeys(a, budget);
    const order = compare(keys, orderedKeys(b, budget), budget);
    if (order !== 0) return order;
    for (const key of keys) {
      const valueOrder = compare(a[key] as Value, b[key] as Value, budget);
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
  if (!writtenAlike(value)) throw new Unsure();
  return String(value);
}

/** Whether jq 1.8.2 and JavaScript write the number alike: 0 (not -0), and 1e-4 <= |n| < 1e15. */
function writtenAlike(value: number): boolean {
  const magnitude = Math.abs(value);
  return (value === 0 && !Object.is(value, -0)) || (magnitude >= 1e-4 && magnitude < 1e15);
}

const DEL = /\u007f/g;

function stringText(value: string, budget: Budget): string {
  budget.charge(value.length);
  if (!wellFormed(value)) throw new Unsure();
  const json = JSON.stringify(value);
  return json.includes("\u007f") ? json.replace(DEL, "\\u007f") : json;
}

/** A scalar's JSON text. */
function scalarText(value: null | boolean | number | string, budget: Budget): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return numberText(value);
  return stringText(value, budget);
}

/** Text being written in pieces, joined once at the end (joining at every level would copy a deep value's text once per level). */
interface Writer {
  pieces: string[];
  size: number;
  budget: Budget;
}

/** Adds a piece: each character is charged, and text past the size bound of a value is refused. */
function put(writer: Writer, text: string): void {
  writer.size += text.length;
  writer.budget.built(writer.size, text.length);
  writer.pieces.push(text);
}

/** What `nativeText` has seen of a value: its characters at least (numbers as one), and whether JSON.stringify can write it. */
interface Survey {
  chars: number;
  budget: Budget;
  indent: number;
}

/**
 * Whether JSON.stringify writes `value` as jq does: every number where both write alike (numberText's range),
 * every string and key well formed (DEL, which jq escapes, is fixed up after). Each value visited is charged, and
 * a value whose text would be past a value's size bound is refused: a value that shares its parts many times
 * over never reaches JSON.stringify.
 */
function surveyed(value: Value, depth: number, survey: Survey): boolean {
  survey.budget.charge(1);
  survey.chars += 1 + survey.indent * depth;
  if (survey.chars > MAX_NATIVE_CHARS) return false;
  if (typeof value === "number") return writtenAlike(value);
  if (typeof value === "string") {
    survey.chars += value.length;
    return wellFormed(value);
  }
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!surveyed(item, depth + 1, survey)) return false;
    return true;
  }
  for (const key of Object.keys(value)) {
    survey.chars += key.length + 3;
    if (!wellFormed(key) || !surveyed(value[key] as Value, depth + 1, survey)) return false;
  }
  return true;
}

/** Text past this (at least) is left to the writer below, which refuses it at the size bound as it goes. */
const MAX_NATIVE_CHARS = 1024 * 1024;

/** JSON.stringify's text of an object or array when it is jq's (compact, or pretty with 2 spaces), else undefined. */
function nativeText(value: Value, budget: Budget, indent: 0 | 2): string | undefined {
  if (!surveyed(value, 0, { chars: 0, budget, indent })) return undefined;
  const json = indent === 0 ? JSON.stringify(value) : JSON.stringify(value, null, indent);
  budget.built(json.length);
  return json.includes("\u007f") ? json.replace(DEL, "\\u007f") : json;
}

function written(value: Value, budget: Budget, write: (writer: Writer) => void, indent: 0 | 2): string {
  if (typeof value !== "object" || value === null) return scalarText(value, budget);
  const native = nativeText(value, budget, indent);
  if (native !== undefined) return native;
  const writer: Writer = { pieces: [], size: 0, budget };
  write(writer);
  return writer.pieces.join("");
}

/** jq's compact JSON (`-c`, tojson, tostring). */
export function compact(value: Value, budget: Budget): string {
  return written(value, budget, (writer) => writeCompact(value, writer), 0);
}

function writeCompact(value: Value, writer: Writer): void {
  if (Array.isArray(value)) {
    put(writer, "[");
    for (let at = 0; at < value.length; at++) {
      if (at > 0) put(writer, ",");
      writeCompact(value[at] as Value, writer);
    }
    put(writer, "]");
  } else if (isObject(value)) {
    put(writer, "{");
    let first = true;
    for (const key of Object.keys(value)) {
      if (!first) put(writer, ",");
      first = false;
      put(writer, stringText(key, writer.budget));
      put(writer, ":");
      writeCompact(value[key] as Value, writer);
    }
    put(writer, "}");
  } else put(writer, scalarText(value, writer.budget));
}

/** jq's default output: two-space indent, `"key": value`, empty containers as `[]` and `{}`. */
export function pretty(value: Value, budget: Budget): string {
  return written(value, budget, (writer) => writePretty(value, "", writer), 2);
}

function writePretty(value: Value, indent: string, writer: Writer): void {
  const inner = `${indent}  `;
  if (Array.isArray(value) && value.length > 0) {
    put(writer, "[");
    for (let at = 0; at < value.length; at++) {
      put(writer, at > 0 ? ",\n" : "\n");
      put(writer, inner);
      writePretty(value[at] as Value, inner, writer);
    }
    put(writer, "\n");
    put(writer, indent);
    put(writer, "]");
  } else if (isObject(value) && Object.keys(value).length > 0) {
    const keys = Object.keys(value);
    put(writer, "{");
    for (let at = 0; at < keys.length; at++) {
      const key = keys[at] as string;
      put(writer, at > 0 ? ",\n" : "\n");
      put(writer, inner);
      put(writer, stringText(key, writer.budget));
      put(writer, ": ");
      writePretty(value[key] as Value, inner, writer);
    }
    put(writer, "\n");
    put(writer, indent);
    put(writer, "}");
  } else writeCompact(value, writer);
}
