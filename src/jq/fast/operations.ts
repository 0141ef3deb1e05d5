/** jq 1.8.2's `+`, tostring and the @csv/@tsv/@json/@text formats, on the fast path's values. */
import { compact, isObject, JqError, newObject, numberText, setKey, Unsure, type Value } from "./value.js";

/** `a + b`: null is the identity; numbers add, strings and arrays concatenate, objects merge (right wins). */
export function plus(left: Value, right: Value): Value {
  if (left === null) return right;
  if (right === null) return left;
  if (typeof left === "number" && typeof right === "number") return left + right;
  if (typeof left === "string" && typeof right === "string") return left + right;
  if (Array.isArray(left) && Array.isArray(right)) return left.concat(right);
  if (isObject(left) && isObject(right)) {
    const merged = newObject();
    for (const key of Object.keys(left)) setKey(merged, key, left[key] as Value);
    for (const key of Object.keys(right)) setKey(merged, key, right[key] as Value);
    return merged;
  }
  throw new JqError();
}

export function tostring(value: Value): string {
  return typeof value === "string" ? value : compact(value);
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

export function formatText(name: "csv" | "tsv" | "json" | "text", input: Value): string {
  if (name === "json") return compact(input);
  if (name === "text") return tostring(input);
  if (!Array.isArray(input)) throw new JqError();
  const tsv = name === "tsv";
  return input.map((item) => field(item, tsv)).join(tsv ? "\t" : ",");
}

/** Keeps Unsure visible at the call sites that need a string result from a value of any kind. */
export function requireString(value: Value): string {
  if (typeof value !== "string") throw new Unsure();
  return value;
}
