/**
 * The jq builtins the fast path evaluates, with jq 1.8.2's definitions (src/builtin.jq and builtin.c of 1.8.2):
 * their inputs and outputs where jq's result is certain, JqError where jq certainly fails, Unsure elsewhere.
 */
import type { Node } from "./ast.js";
import type { Emit, Run } from "./evaluate.js";
import { plus, requireString, tostring } from "./operations.js";
import {
  compact,
  compare,
  isObject,
  JqError,
  newObject,
  setKey,
  sortedKeys,
  truthy,
  typeName,
  Unsure,
  type Value,
} from "./value.js";

/** The items of an array or the values of an object (jq's `.[]`); anything else is jq's error. */
function items(input: Value): Value[] {
  if (Array.isArray(input)) return input;
  if (isObject(input)) return Object.keys(input).map((key) => input[key] as Value);
  throw new JqError();
}

function array(input: Value): Value[] {
  if (!Array.isArray(input)) throw new JqError();
  return input;
}

function codePoints(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
}

/** Sorted copies by jq's order; JavaScript's sort is stable, as jq's is. */
function sortBy(input: Value[], keys: Value[][]): Value[] {
  const order = input.map((_, at) => at);
  order.sort((a, b) => compare(keys[a] as Value[], keys[b] as Value[]));
  return order.map((at) => input[at] as Value);
}

function uniqueSorted(values: Value[], keys: Value[][]): Value[] {
  const order = values.map((_, at) => at).sort((a, b) => compare(keys[a] as Value[], keys[b] as Value[]));
  const kept: Value[] = [];
  let previous: Value[] | undefined;
  for (const at of order) {
    const key = keys[at] as Value[];
    if (previous === undefined || compare(previous, key) !== 0) kept.push(values[at] as Value);
    previous = key;
  }
  return kept;
}

const NO_ARGUMENTS: Record<string, (input: Value) => Value> = {
  length(input) {
    if (input === null) return 0;
    if (typeof input === "boolean") throw new JqError();
    if (typeof input === "number") return Math.abs(input);
    if (typeof input === "string") return codePoints(input);
    return Array.isArray(input) ? input.length : Object.keys(input).length;
  },
  keys(input) {
    if (Array.isArray(input)) return input.map((_, at) => at);
    if (isObject(input)) return sortedKeys(input);
    throw new JqError();
  },
  keys_unsorted(input) {
    if (Array.isArray(input)) return input.map((_, at) => at);
    if (isObject(input)) return Object.keys(input);
    throw new JqError();
  },
  first: (input) => (input === null ? null : firstOrLast(input, 0)),
  last: (input) => (input === null ? null : firstOrLast(input, -1)),
  not: (input) => !truthy(input),
  add(input) {
    let sum: Value = null;
    for (const item of items(input)) sum = plus(sum, item);
    return sum;
  },
  to_entries(input) {
    if (!isObject(input)) throw new Unsure();
    return Object.keys(input).map((key) => {
      const entry = newObject();
      entry.key = key;
      entry.value = input[key] as Value;
      return entry;
    });
  },
  from_entries(input) {
    const object = newObject();
    for (const entry of array(input)) {
      // jq 1.8 also reads k/name/Name/K/Key and v/Value and non-string keys: those are left to it.
      if (!isObject(entry) || typeof entry.key !== "string" || !Object.hasOwn(entry, "value"))
        throw new Unsure();
      setKey(object, entry.key, entry.value as Value);
    }
    return object;
  },
  tostring,
  tojson: compact,
  type: typeName,
  ascii_downcase: (input) => requireAscii(input).replace(/[A-Z]+/g, (letters) => letters.toLowerCase()),
  ascii_upcase: (input) => requireAscii(input).replace(/[a-z]+/g, (letters) => letters.toUpperCase()),
  sort: (input) =>
    sortBy(
      array(input),
      array(input).map((item) => [item]),
    ),
  unique: (input) =>
    uniqueSorted(
      array(input),
      array(input).map((item) => [item]),
    ),
  reverse(input) {
    if (input === null) return [];
    if (!Array.isArray(input)) throw new Unsure(); // strings reverse by code point in 1.8; left to jq
    return input.slice().reverse();
  },
  min: (input) => extreme(array(input), -1),
  max: (input) => extreme(array(input), 1),
  floor(input) {
    if (typeof input !== "number") throw new JqError();
    return Math.floor(input);
  },
};

function requireAscii(input: Value): string {
  if (typeof input !== "string") throw new JqError();
  return input;
}

/** `first` is `.[0]`, `last` `.[-1]`: on arrays; on objects and scalars jq's index error. */
function firstOrLast(input: Value, at: number): Value {
  if (!Array.isArray(input)) throw new JqError();
  const position = at < 0 ? input.length + at : at;
  return position >= 0 && position < input.length ? (input[position] as Value) : null;
}

/** jq's min/max: null for [], else the first least (or the last greatest) item. */
function extreme(input: Value[], sign: number): Value {
  let best: Value | undefined;
  for (const item of input) if (best === undefined || compare(item, best) * sign >= 0) best = item;
  return best === undefined ? null : best;
}

/** Builtins taking one value argument (`join(",")`, `has("a")`): run once per output of the argument. */
const VALUE_ARGUMENT: Record<string, (input: Value, argument: Value) => Value> = {
  join(input, separator) {
    if (typeof separator !== "string") throw new Unsure();
    let joined: string | undefined;
    for (const item of items(input)) {
      let text: string;
      if (item === null) text = "";
      else if (typeof item === "string") text = item;
      else if (typeof item === "number" || typeof item === "boolean") text = compact(item);
      else throw new JqError();
      joined = joined === undefined ? text : joined + separator + text;
    }
    return joined ?? "";
  },
  has(input, key) {
    if (isObject(input) && typeof key === "string") return Object.hasOwn(input, key);
    if (Array.isArray(input) && Number.isInteger(key))
      return (key as number) >= 0 && (key as number) < input.length;
    throw new Unsure();
  },
  // On strings only: what 1.8 does with other inputs or arguments is left to jq.
  ltrimstr(input, argument) {
    const [text, prefix] = [requireString(input), requireString(argument)];
    return text.startsWith(prefix) ? text.slice(prefix.length) : text;
  },
  rtrimstr(input, argument) {
    const [text, suffix] = [requireString(input), requireString(argument)];
    return text.endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
  },
  startswith: (input, prefix) => requireString(input).startsWith(requireString(prefix)),
  endswith: (input, suffix) => requireString(input).endsWith(requireString(suffix)),
  split(input, argument) {
    const [text, separator] = [requireString(input), requireString(argument)];
    if (separator === "") throw new Unsure();
    return text === "" ? [] : text.split(separator);
  },
};

/** Builtins taking a filter argument (`map(f)`, `select(f)`, `sort_by(f)`): run per item as jq defines them. */
const FILTER_ARGUMENT: Record<string, (input: Value, filter: Node, run: Run, emit: Emit) => void> = {
  map(input, filter, run, emit) {
    const mapped: Value[] = [];
    for (const item of items(input)) run(filter, item, (value) => mapped.push(value));
    emit(mapped);
  },
  select(input, filter, run, emit) {
    run(filter, input, (value) => {
      if (truthy(value)) emit(input);
    });
  },
  sort_by: (input, filter, run, emit) => emit(sortBy(array(input), keysOf(array(input), filter, run))),
  unique_by: (input, filter, run, emit) =>
    emit(uniqueSorted(array(input), keysOf(array(input), filter, run))),
  group_by(input, filter, run, emit) {
    const values = array(input);
    const keys = keysOf(values, filter, run);
    const order = values.map((_, at) => at).sort((a, b) => compare(keys[a] as Value[], keys[b] as Value[]));
    const groups: Value[][] = [];
    let previous: Value[] | undefined;
    for (const at of order) {
      const key = keys[at] as Value[];
      if (previous === undefined || compare(previous, key) !== 0) groups.push([]);
      groups[groups.length - 1]?.push(values[at] as Value);
      previous = key;
    }
    emit(groups);
  },
  first(input, filter, run, emit) {
    let found: { value: Value } | undefined;
    try {
      run(filter, input, (value) => {
        found = { value };
        throw STOP;
      });
    } catch (error) {
      if (error !== STOP) throw error;
    }
    if (found) emit(found.value);
  },
  any: (input, filter, run, emit) => emit(decides(items(input), filter, run, true)),
  all: (input, filter, run, emit) => emit(!decides(items(input), filter, run, false)),
};

const STOP = new Error("first output found");

/** The arrays of each item's outputs under the filter: jq's keys for sort_by, group_by, unique_by. */
function keysOf(values: Value[], filter: Node, run: Run): Value[][] {
  return values.map((item) => {
    const key: Value[] = [];
    run(filter, item, (value) => key.push(value));
    return key;
  });
}

/** True when some item's output under the filter has the truthiness sought (jq stops at the first). */
function decides(values: Value[], filter: Node, run: Run, sought: boolean): boolean {
  try {
    for (const item of values)
      run(filter, item, (value) => {
        if (truthy(value) === sought) throw STOP;
      });
  } catch (error) {
    if (error === STOP) return true;
    throw error;
  }
  return false;
}

export function isBuiltin(name: string, arity: number): boolean {
  if (arity === 0)
    return (
      Object.hasOwn(NO_ARGUMENTS, name) ||
      name === "empty" ||
      name === "values" ||
      name === "any" ||
      name === "all"
    );
  return arity === 1 && (Object.hasOwn(VALUE_ARGUMENT, name) || Object.hasOwn(FILTER_ARGUMENT, name));
}

const IDENTITY: Node = { kind: "identity" };

export function callBuiltin(name: string, args: readonly Node[], input: Value, run: Run, emit: Emit): void {
  const [argument] = args;
  const filtered = FILTER_ARGUMENT[name];
  if (argument === undefined) {
    if (name === "values") {
      if (input !== null) emit(input);
    } else if (name === "any" || name === "all") filtered?.(input, IDENTITY, run, emit);
    else if (name !== "empty") emit((NO_ARGUMENTS[name] as (input: Value) => Value)(input));
    return;
  }
  const valued = VALUE_ARGUMENT[name];
  if (valued) run(argument, input, (value) => emit(valued(input, value)));
  else filtered?.(input, argument, run, emit);
}
