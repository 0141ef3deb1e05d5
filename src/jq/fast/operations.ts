/** jq 1.8.2's `+`, `add`, tostring and the @csv/@tsv/@json/@text formats, on the fast path's values. */
import type { Budget } from "./budget.js";
import {
  compact,
  isObject,
  JqError,
  type JsonObject,
  newObject,
  numberText,
  Unsure,
  type Value,
} from "./value.js";

/** A computed number; NaN (from infinities) is left to jq, whose order puts it below every number. */
export function number(value: number): number {
  if (Number.isNaN(value)) throw new Unsure();
  return value;
}

/**
 * `a + b`: null is the identity; numbers add, strings and arrays concatenate, objects merge (right wins). What is
 * built is charged: the items copied into an array or object; for strings the shorter side only, as JavaScript
 * joins two strings without copying them (their characters are charged wherever they are read).
 */
export function plus(left: Value, right: Value, budget: Budget): Value {
  if (left === null) return right;
  if (right === null) return left;
  if (typeof left === "number" && typeof right === "number") return number(left + right);
  if (typeof left === "string" && typeof right === "string") {
    budget.built(left.length + right.length, Math.min(left.length, right.length) + 1);
    return left + right;
  }
  if (Array.isArray(left) && Array.isArray(right)) {
    budget.built(left.length + right.length);
    return left.concat(right);
  }
  if (isObject(left) && isObject(right)) return merge([left, right], budget);
  throw new JqError();
}

/** Objects merged in order: a later value wins and its key keeps its first place (the keys were checked when built). */
function merge(objects: readonly JsonObject[], budget: Budget): JsonObject {
  const merged = newObject();
  for (const object of objects) {
    const keys = Object.keys(object);
    budget.charge(keys.length);
    for (const key of keys) merged[key] = object[key] as Value;
  }
  return merged;
}

/**
 * jq's `add`, `reduce .[] as $x (null; . + $x)`: when the items are all arrays, all strings or all objects (nulls
 * aside) they are joined in one pass, which is what the chain of `+` gives, without copying the growing sum at
 * each step; anything else is added item by item.
 */
export function add(items: readonly Value[], budget: Budget): Value {
  const present = items.filter((item) => item !== null);
  budget.charge(items.length);
  const first = present[0];
  if (first === undefined) return null;
  if (Array.isArray(first) && present.every(Array.isArray)) {
    const joined: Value[] = [];
    for (const array of present as Value[][]) {
      budget.built(joined.length + array.length, array.length);
      for (const item of array) joined.push(item);
    }
    return joined;
  }
  if (typeof first === "string" && present.every((item) => typeof item === "string")) {
    const texts = present as string[];
    budget.built(texts.reduce((size, text) => size + text.length, 0));
    return texts.join("");
  }
  if (isObject(first) && present.every(isObject)) return merge(present as JsonObject[], budget);
  let sum: Value = null;
  for (const item of items) sum = plus(sum, item, budget);
  return sum;
}

export function tostring(value: Value, budget: Budget): string {
  return typeof value === "string" ? value : compact(value, budget);
}

const TSV_ESCAPES = /[\\\t\n\r]/g;
const TSV_ESCAPE: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One field of a @csv or @tsv row; arrays and objects are jq's error. */
function field(value: Value, tsv: boolean): string {
  if (value === null) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new Unsure(); // jq writes NUL in a row as \0
    if (tsv) return value.replace(TSV_ESCAPES, (char) => TSV_ESCAPE[char] as string);
    return `"${value.replaceAll('"', '""')}"`;
  }
  throw new JqError();
}

export function formatText(name: "csv" | "tsv" | "json" | "text", input: Value, budget: Budget): string {
  if (name === "json") return compact(input, budget);
  if (name === "text") return tostring(input, budget);
  if (!Array.isArray(input)) throw new JqError();
  const tsv = name === "tsv";
  let size = 0;
  const fields = input.map((item) => {
    const text = field(item, tsv);
    size += text.length + 1;
    budget.built(size, text.length + 1);
    return text;
  });
  return fields.join(tsv ? "\t" : ",");
}

/** Keeps Unsure visible at the call sites that need a string result from a value of any kind. */
export function requireString(value: Value): string {
  if (typeof value !== "string") throw new Unsure();
  return value;
}
