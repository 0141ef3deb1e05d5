/**
 * Schema-driven parsing of command-line flags into tool params. Pure and total: any argv yields
 * `{ params, issues }`, never an exception. Coercion follows each property's effective type; values
 * that do not fit are passed through as strings so that validation reports the real error.
 *
 * Rules (a contract, see test/flags/parse.test.ts):
 * - `--key value` and `--key=value` are treated alike; a lone `--` ends flags.
 * - Booleans: bare `--flag` is true; `--flag true|false` (space form only for those literals) and
 *   `--flag=false`. `--no-flag` sets a boolean `flag` to false, unless `no-flag` is itself a property.
 * - Arrays: `--tags a,b,c`, repeated flags append, or JSON `--tags '["a"]'`. Arrays of objects: one
 *   object per occurrence, as key=value pairs or JSON.
 * - Objects: JSON, or `--filter status=open limit=5` (following key=value tokens are consumed).
 * - `--kebab-case` also matches `kebab_case` and `kebabCase` when that is unambiguous.
 * - Positional arguments are issues: every value needs its flag, which keeps calls unambiguous.
 */

import type { Issue, IssuePath } from "../issues/issue.js";
import { MAX_ARRAY_ITEMS, MAX_FLAG_BYTES } from "../limits.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { isRecord } from "../schema/resolve.js";
import { checkValues, unknownIssue } from "./checks.js";
import { FieldInfo, type FlagKind, UNSAFE_KEYS } from "./fields.js";

export interface ParseResult {
  params: Record<string, unknown>;
  issues: Issue[];
}

export type FlagParser = (argv: readonly string[]) => ParseResult;

const NUMBER_PATTERN = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Precomputes property information for `schema` and returns a parser; cache it per tool. The parser
 * never throws.
 */
export function compileFlagParser(schema: JsonSchema): FlagParser {
  const root = isRecord(schema) ? schema : {};
  const top = new FieldInfo(root, root);
  for (const name of top.names) void top.property(name).kind;
  const requiredNames = top.names.filter((name) => top.required.has(name));
  const positionalHint = requiredNames.length === 1 ? requiredNames[0] : undefined;
  return (argv) => {
    try {
      return parseArguments(argv, top, positionalHint);
    } catch (error) {
      // Unreachable by design (fuzz-tested); a parser bug must still not crash a script.
      const detail = error instanceof Error ? error.message : String(error);
      return { params: {}, issues: [{ code: "invalid_value", path: [], detail }] };
    }
  };
}

const parserCache = new WeakMap<JsonSchema, FlagParser>();

/** Parses argv against `schema`; compiled parsers are cached per schema object (do not mutate it). */
export function parseFlags(argv: string[], schema: JsonSchema): ParseResult {
  let parser = parserCache.get(schema);
  if (parser === undefined) {
    parser = compileFlagParser(schema);
    if (isRecord(schema)) parserCache.set(schema, parser);
  }
  return parser(argv);
}

type Slot =
  | { type: "value"; value: unknown }
  | { type: "list"; items: unknown[]; overflowed: boolean }
  | { type: "object"; entries: Map<string, unknown> };

interface State {
  readonly tokens: readonly string[];
  position: number;
  readonly issues: Issue[];
  readonly slots: Map<string, Slot>;
  readonly top: FieldInfo;
}

function parseArguments(
  argv: readonly string[],
  top: FieldInfo,
  positionalHint: string | undefined,
): ParseResult {
  const tokens = argv.map((token) => (typeof token === "string" ? token : String(token)));
  const bytes = tokens.reduce((total, token) => total + Buffer.byteLength(token, "utf8"), 0);
  if (bytes > MAX_FLAG_BYTES) {
    const issue: Issue = { code: "too_large", path: [], maximum: MAX_FLAG_BYTES, received: bytes };
    return { params: {}, issues: [issue] };
  }
  const state: State = { tokens, position: 0, issues: [], slots: new Map(), top };
  let flagsEnded = false;
  while (state.position < tokens.length) {
    const token = tokens[state.position++] ?? "";
    if (!flagsEnded && token === "--") {
      flagsEnded = true;
    } else if (!flagsEnded && token.startsWith("--")) {
      readFlag(state, token);
    } else {
      const issue: Issue = { code: "unexpected_argument", path: [], received: token };
      if (positionalHint !== undefined && !state.slots.has(positionalHint)) issue.suggestion = positionalHint;
      state.issues.push(issue);
    }
  }
  return checkValues(toPlainObject(finishSlots(state.slots)), state.issues, top);
}

function readFlag(state: State, token: string): void {
  const body = token.slice(2);
  const equals = body.indexOf("=");
  const typed = equals < 0 ? body : body.slice(0, equals);
  const inline = equals < 0 ? undefined : body.slice(equals + 1);
  const name = state.top.lookup(typed);
  if (name === undefined) {
    const negated = inline === undefined ? negatedBoolean(state.top, typed) : undefined;
    if (negated === undefined) readUnknownFlag(state, typed, inline);
    else setValue(state, negated, false);
    return;
  }
  const info = state.top.property(name);
  if (info.kind === "boolean") {
    setValue(state, name, readBoolean(state, inline, info));
    return;
  }
  const raw = takeValue(state, inline);
  if (raw === undefined) missingValue(state, name, typed, info);
  else if (info.kind === "value") setValue(state, name, coerceValue(raw, info, [name], state.issues));
  else if (raw === "null" && info.types.has("null")) setValue(state, name, null);
  else if (looksLikeJson(raw)) storeJson(state, name, raw, info.kind);
  else if (info.kind === "list") appendItems(state, name, splitList(raw, info.items, [name], state.issues));
  else if (isPair(raw)) storePairs(state, name, raw, info);
  else if (info.kind === "object") setValue(state, name, raw);
  else appendItems(state, name, [raw]);
}

/** `--no-verbose` means `--verbose=false` when `verbose` is a boolean property. */
function negatedBoolean(top: FieldInfo, typed: string): string | undefined {
  if (!/^no[-_]/.test(typed)) return undefined;
  const name = top.lookup(typed.slice(3));
  return name !== undefined && top.property(name).kind === "boolean" ? name : undefined;
}

/** The flag's value: the inline `=value`, else the next token unless it is another flag. */
function takeValue(state: State, inline: string | undefined): string | undefined {
  if (inline !== undefined) return inline;
  const next = state.tokens[state.position];
  if (next === undefined || next.startsWith("--")) return undefined;
  state.position++;
  return next;
}

function readBoolean(state: State, inline: string | undefined, info: FieldInfo): unknown {
  if (inline !== undefined) return coerceValue(inline, info, [], []);
  const next = state.tokens[state.position];
  if (next !== "true" && next !== "false") return true;
  state.position++;
  return next === "true";
}

/** Stores a value starting with `[` or `{` by the flag's kind; invalid JSON is kept raw, with an issue. */
function storeJson(state: State, name: string, raw: string, kind: FlagKind): void {
  const parsed = parseJson(raw);
  if (!parsed.ok) {
    state.issues.push({ code: "invalid_json", path: [name], received: raw, detail: parsed.error });
    setValue(state, name, raw);
  } else if (kind === "objectList") {
    appendItems(state, name, Array.isArray(parsed.value) ? parsed.value : [parsed.value]);
  } else if (kind === "list" && Array.isArray(parsed.value)) {
    appendItems(state, name, parsed.value);
  } else if (kind === "object" && isRecord(parsed.value)) {
    mergeEntries(state, name, Object.entries(parsed.value));
  } else {
    setValue(state, name, parsed.value);
  }
}

/** key=value tokens: one object per occurrence for arrays of objects, merged for an object flag. */
function storePairs(state: State, name: string, first: string, info: FieldInfo): void {
  if (info.kind === "object") {
    mergeEntries(state, name, readPairs(state, first, info, [name]));
    return;
  }
  const entries = readPairs(state, first, info.items, [name, listLength(state, name)]);
  appendItems(state, name, [toPlainObject(new Map(entries))]);
}

/**
 * Reads `first` and the following key=value tokens into entries, coercing each value by its
 * property's type. Keys the object does not allow (or unsafe keys it does not define) are issues.
 */
function readPairs(state: State, first: string, info: FieldInfo, path: IssuePath): [string, unknown][] {
  const pairs = [first];
  for (
    let next = state.tokens[state.position];
    next !== undefined && isPair(next);
    next = state.tokens[state.position]
  ) {
    pairs.push(next);
    state.position++;
  }
  const entries: [string, unknown][] = [];
  for (const pair of pairs) {
    const equals = pair.indexOf("=");
    const typedKey = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const key = info.lookup(typedKey);
    if (key !== undefined) {
      entries.push([key, coerceValue(value, info.property(key), [...path, key], state.issues)]);
    } else if (info.refusesUnknown || UNSAFE_KEYS.has(typedKey)) {
      state.issues.push(unknownIssue("unknown_key", [...path, typedKey], typedKey, info.names));
    } else {
      entries.push([typedKey, coerceUntyped(value)]);
    }
  }
  return entries;
}

function readUnknownFlag(state: State, typed: string, inline: string | undefined): void {
  const raw = takeValue(state, inline);
  if (state.top.refusesUnknown || UNSAFE_KEYS.has(typed)) {
    state.issues.push(unknownIssue("unknown_flag", [typed], typed, state.top.names));
    return;
  }
  setValue(state, typed, raw === undefined ? true : coerceUntyped(raw));
}

function missingValue(state: State, name: string, typed: string, info: FieldInfo): void {
  state.issues.push({ code: "missing_value", path: [name], typed, expected: [...info.types] });
}

function setValue(state: State, name: string, value: unknown): void {
  if (state.slots.has(name)) {
    state.issues.push({ code: "duplicate_flag", path: [name] });
    return;
  }
  state.slots.set(name, { type: "value", value });
}

function listLength(state: State, name: string): number {
  const slot = state.slots.get(name);
  return slot?.type === "list" ? slot.items.length : 0;
}

function appendItems(state: State, name: string, items: readonly unknown[]): void {
  const slot = state.slots.get(name) ?? { type: "list", items: [], overflowed: false };
  if (slot.type !== "list") {
    state.issues.push({ code: "duplicate_flag", path: [name] });
    return;
  }
  state.slots.set(name, slot);
  const room = MAX_ARRAY_ITEMS - slot.items.length;
  for (const item of items.length > room ? items.slice(0, Math.max(0, room)) : items) slot.items.push(item);
  if (items.length > room && !slot.overflowed) {
    slot.overflowed = true;
    state.issues.push(tooManyItems([name], slot.items.length + items.length - room));
  }
}

function tooManyItems(path: IssuePath, count: number): Issue {
  return { code: "too_many_items", path, maximum: MAX_ARRAY_ITEMS, received: count };
}

function mergeEntries(state: State, name: string, entries: readonly [string, unknown][]): void {
  const slot = state.slots.get(name) ?? { type: "object", entries: new Map<string, unknown>() };
  if (slot.type !== "object") {
    state.issues.push({ code: "duplicate_flag", path: [name] });
    return;
  }
  state.slots.set(name, slot);
  for (const [key, value] of entries) {
    if (slot.entries.has(key)) state.issues.push({ code: "duplicate_flag", path: [name, key] });
    else slot.entries.set(key, value);
  }
}

/**
 * Coerces one string by the effective type: JSON for aggregates, numbers, true/false, null, and
 * comma-split lists for arrays. Anything that does not fit stays the raw string for validation.
 */
function coerceValue(raw: string, info: FieldInfo, path: IssuePath, issues: Issue[], split = true): unknown {
  const types = info.types;
  if (types.size === 0) return coerceUntyped(raw);
  if ((types.has("array") || types.has("object")) && looksLikeJson(raw)) {
    const parsed = parseJson(raw);
    if (parsed.ok) return parsed.value;
    if (!types.has("string")) {
      issues.push({ code: "invalid_json", path, received: raw, detail: parsed.error });
      return raw;
    }
  }
  if (types.has("integer") || types.has("number")) {
    const number = parseNumber(raw, types.has("number"));
    if (number !== undefined) return number;
  }
  if (types.has("boolean") && (raw === "true" || raw === "false")) return raw === "true";
  if (types.has("null") && raw === "null") return null;
  if (types.has("string") || !types.has("array") || !split) return raw;
  return splitList(raw, info.items, path, issues);
}

/** Comma-splits a list; items are coerced but never split again (recursive schemas must end). */
function splitList(raw: string, items: FieldInfo, path: IssuePath, issues: Issue[]): unknown[] {
  if (raw === "") return [];
  let parts = raw.split(",");
  if (parts.length > MAX_ARRAY_ITEMS) {
    issues.push(tooManyItems(path, parts.length));
    parts = parts.slice(0, MAX_ARRAY_ITEMS);
  }
  return parts.map((part, index) => coerceValue(part, items, [...path, index], issues, false));
}

/** Values of flags and keys the schema does not describe: strings, except valid JSON aggregates. */
function coerceUntyped(raw: string): unknown {
  if (!looksLikeJson(raw)) return raw;
  const parsed = parseJson(raw);
  return parsed.ok ? parsed.value : raw;
}

/** Integers beyond 2^53 stay strings: silently rounding an id would be worse than an error. */
function parseNumber(raw: string, allowFraction: boolean): number | undefined {
  if (!NUMBER_PATTERN.test(raw)) return undefined;
  const number = Number(raw);
  if (!Number.isFinite(number)) return undefined;
  if (!allowFraction && Number.isInteger(number) && !Number.isSafeInteger(number)) return undefined;
  return number;
}

function looksLikeJson(raw: string): boolean {
  return raw.startsWith("[") || raw.startsWith("{");
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "invalid JSON" };
  }
}

/** `key=value` with a non-empty key; tokens starting with "-" are never pairs. */
function isPair(token: string): boolean {
  return token.indexOf("=") > 0 && !token.startsWith("-");
}

function finishSlots(slots: Map<string, Slot>): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [name, slot] of slots) {
    if (slot.type === "value") values.set(name, slot.value);
    else if (slot.type === "list") values.set(name, slot.items);
    else values.set(name, toPlainObject(slot.entries));
  }
  return values;
}

/** A normal object whose keys are all own data properties, even `__proto__`. */
function toPlainObject(entries: Map<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}
