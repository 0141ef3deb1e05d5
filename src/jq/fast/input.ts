/**
 * The fast path's reading of jq's input: a sequence of JSON documents (jq reads whitespace-separated or adjacent
 * values), accepted only when JSON.parse gives exactly what jq would hold: valid UTF-8, no byte-order mark, every
 * number written canonically (jq 1.8 keeps a number's literal, JavaScript its value), no lone surrogate escape
 * (jq replaces it), no integer-like object key (JavaScript would reorder it), bounded size and depth.
 */
import { INTEGER_KEY, type Value, wellFormed } from "./value.js";

/** Bigger or deeper inputs go to jq, whose own parser limits then apply. */
const MAX_INPUT_BYTES: number = 4 * 1024 * 1024;
const MAX_DEPTH = 256;
/** Numbers both jq and JavaScript write exactly as given. */
const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;
const NUMBER_TOKEN = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
/** A top-level scalar: a number or a word (true, false, null; anything else JSON.parse refuses). */
const SCALAR_TOKEN = /-?[0-9A-Za-z.+]+/y;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** True when a number token is one jq and JavaScript both read and write as written. */
export function canonicalNumber(token: string): boolean {
  if (!PLAIN_NUMBER.test(token)) return false;
  // An integer of at most 15 digits without leading zeros is written back as is, except -0.
  if (!token.includes(".")) return token !== "-0";
  return String(Number(token)) === token;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/**
 * Where the number token starting at `start` ends, or -1 when it is not canonical. Integers (most numbers in tool
 * output) and plain decimals such as prices are checked digit by digit (decimalEnd); anything else, an exponent
 * above all, by canonicalNumber.
 */
function numberEnd(text: string, start: number): number {
  let at = text.charCodeAt(start) === 45 ? start + 1 : start;
  const digits = at;
  for (let code = text.charCodeAt(at); code >= 48 && code <= 57; code = text.charCodeAt(++at));
  const next = text.charCodeAt(at);
  const count = at - digits;
  if (next !== 46 && next !== 101 && next !== 69) {
    // "0" but not "-0" or a leading zero; at most 15 digits, as PLAIN_NUMBER.
    if (count === 0 || count > 15) return -1;
    if (text.charCodeAt(digits) === 48 && (count > 1 || digits > start)) return -1;
    return at;
  }
  if (next === 46) {
    const end = decimalEnd(text, digits, count, at + 1);
    if (end > 0) return end;
  }
  NUMBER_TOKEN.lastIndex = start;
  const token = NUMBER_TOKEN.exec(text)?.[0] ?? "";
  return canonicalNumber(token) ? start + token.length : -1;
}

/**
 * Where a decimal whose fraction starts at `fraction` ends, when it is surely canonical, else 0 (canonicalNumber
 * decides then). Surely: a canonical integer part, a fraction not ending in 0, no exponent, at most 15 significant
 * digits (a double then keeps them all and JavaScript writes back those digits, no fewer) and at most five zeros
 * after "0." (JavaScript writes 1e-7 in exponent form); canonicalNumber says true for each such token (a test
 * compares the two over generated decimals).
 */
function decimalEnd(text: string, digits: number, count: number, fraction: number): number {
  if (count === 0 || count > 15 || (count > 1 && text.charCodeAt(digits) === 48)) return 0;
  let at = fraction;
  for (let code = text.charCodeAt(at); code >= 48 && code <= 57; code = text.charCodeAt(++at));
  const places = at - fraction;
  const after = text.charCodeAt(at);
  if (places === 0 || after === 101 || after === 69 || text.charCodeAt(at - 1) === 48) return 0;
  if (count === 1 && text.charCodeAt(digits) === 48) {
    let zeros = 0;
    while (text.charCodeAt(fraction + zeros) === 48) zeros++;
    return zeros <= 5 && places <= 15 ? at : 0;
  }
  return count + places <= 15 ? at : 0;
}

/** Where the string starting at `start` (its opening quote) ends, just past its closing quote; -1 if it does not. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Where the array or object starting at `start` ends, if every number in it is canonical and it nests boundedly. */
function containerEnd(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) {
      index = stringEnd(text, index) - 1;
      if (index < 0) return -1;
    } else if (code === 91 || code === 123) {
      if (++depth > MAX_DEPTH) return -1;
    } else if (code === 93 || code === 125) {
      if (--depth === 0) return index + 1;
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      const end = numberEnd(text, index);
      if (end < 0) return -1;
      index = end - 1;
    }
  }
  return -1;
}

/** True when a key is one JavaScript moves ahead of the others (jq keeps insertion order). */
function reordered(key: string): boolean {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && INTEGER_KEY.test(key);
}

/**
 * True when every string and key in the value is well formed, no key is one JavaScript reorders, and it nests no
 * deeper than MAX_DEPTH.
 */
function faithful(value: Value, depth: number): boolean {
  if (typeof value === "string") return wellFormed(value);
  if (typeof value !== "object" || value === null) return true;
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!faithful(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) {
    if (reordered(key) || !wellFormed(key) || !faithful(value[key] as Value, depth + 1)) return false;
  }
  return true;
}

/** True when every number in a valid JSON text is canonical and it nests no deeper than MAX_DEPTH. */
function plainStructure(text: string): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 34) index = stringEnd(text, index) - 1;
    else if (code === 91 || code === 123) {
      if (++depth > MAX_DEPTH) return false;
    } else if (code === 93 || code === 125) depth--;
    else if (code === 45 || (code >= 48 && code <= 57)) {
      const end = numberEnd(text, index);
      if (end < 0) return false;
      index = end - 1;
    }
  }
  return true;
}

/**
 * A key that may be integer-like, as written in a JSON text without `\u` escapes (a string value holding such
 * text only makes the check below run for nothing).
 */
const INTEGER_KEY_TEXT = /"(0|[1-9]\d*)"\s*:/;

/** A `\\u` escape of half a surrogate pair, in the text (an escaped backslash before it only declines more). */
const LONE_SURROGATE_ESCAPE =
  /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F]/;

/** The text as one document (the common case: a native parse and one scan), or undefined when it is not one. */
function oneDocument(text: string): Value | undefined {
  let value: Value;
  try {
    value = JSON.parse(text) as Value;
  } catch {
    return undefined;
  }
  if (!plainStructure(text)) return undefined;
  // Without a \u escape, a string can hold no lone surrogate (the text is valid UTF-8) and a key is as written.
  if (!text.includes("\\u") && !INTEGER_KEY_TEXT.test(text)) return value;
  return faithful(value, 0) ? value : undefined;
}

/** One JSON text as a value, or undefined when it is not exactly what jq would read. */
export function parseDocument(text: string): Value | undefined {
  const documents = splitDocuments(text);
  return documents?.length === 1 ? documents[0] : undefined;
}

/** Every document in the text, in order, or undefined when any is not exactly what jq would read. */
function splitDocuments(text: string): Value[] | undefined {
  // A value JSON.parse drops (a repeated key's earlier one) is not seen by faithful(): jq fails on its lone surrogate.
  if (text.includes("\\u") && LONE_SURROGATE_ESCAPE.test(text)) return undefined;
  const single = oneDocument(text);
  if (single !== undefined) return [single];
  const documents: Value[] = [];
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) {
      index++;
      continue;
    }
    let end: number;
    if (code === 34) end = stringEnd(text, index);
    else if (code === 91 || code === 123) end = containerEnd(text, index);
    else {
      SCALAR_TOKEN.lastIndex = index;
      const token = SCALAR_TOKEN.exec(text)?.[0] ?? "";
      if (/^[-\d]/.test(token) && !canonicalNumber(token)) return undefined;
      end = token.length > 0 ? index + token.length : -1;
      // A scalar runs into the next value only through whitespace, which keeps the split the one jq makes.
      if (end < text.length && !isSpace(text.charCodeAt(end))) return undefined;
    }
    if (end < 0) return undefined;
    let value: Value;
    try {
      value = JSON.parse(text.slice(index, end)) as Value;
    } catch {
      return undefined;
    }
    if (!faithful(value, 0)) return undefined;
    documents.push(value);
    index = end;
  }
  return documents;
}

/** A character past ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * The input as jq's documents, or undefined when the fast path cannot read them exactly as jq does. The input is
 * its bytes, or the same bytes as a latin1 string (one character per byte, as the shell carries stdin): an ASCII
 * one is already its own UTF-8 text and is read without a copy or a decoding.
 */
export function readInput(input: Uint8Array | string): Value[] | undefined {
  const size = typeof input === "string" ? input.length : input.byteLength;
  if (size > MAX_INPUT_BYTES) return undefined;
  if (typeof input === "string" && !NON_ASCII.test(input)) return splitDocuments(input);
  let text: string;
  try {
    text = utf8.decode(typeof input === "string" ? Buffer.from(input, "latin1") : input);
  } catch {
    return undefined;
  }
  return splitDocuments(text);
}
