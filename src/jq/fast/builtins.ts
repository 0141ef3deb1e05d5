/**
 * The jq builtins the fast path evaluates, with jq 1.8.2's definitions (src/builtin.jq and builtin.c of 1.8.2):
 * their inputs and outputs where jq's result is certain, JqError where jq certainly fails, Unsure elsewhere. Each
 * charges the call's budget for what it reads and builds (items, characters; comparisons are charged by compare).
 */
import type { Node } from "./ast.js";
import type { Budget } from "./budget.js";
import type { Emit, Run } from "./evaluate.js";
import { canonicalNumber } from "./input.js";
import { add, requireString, tostring } from "./operations.js";
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

/** The items of an array or the values of an object (jq's `.[]`), each charged; anything else is jq's error. */
function items(input: Value, budget: Budget): Value[] {
  if (Array.isArray(input)) {
    budget.charge(input.length);
    return input;
  }
  if (isObject(input)) {
    const keys = Object.keys(input);
    budget.charge(2 * keys.length);
    return keys.map((key) => input[key] as Value);
  }
  throw new JqError();
}

function array(input: Value): Value[] {
  if (!Array.isArray(input)) throw new JqError();
  return input;
}

function codePoints(text: string, budget: Budget): number {
  budget.charge(text.length);
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) count--;
  }
  return count;
}

/** The items' positions in the order of their keys; JavaScript's sort is stable, as jq's is. */
function orderOf(keys: Value[][], budget: Budget): number[] {
  budget.charge(2 * keys.length);
  return keys.map((_, at) => at).sort((a, b) => compare(keys[a] as Value[], keys[b] as Value[], budget));
}

/** Sorted copies by jq's order. */
function sortBy(input: Value[], keys: Value[][], budget: Budget): Value[] {
  return orderOf(keys, budget).map((at) => input[at] as Value);
}

/** The items in the order of their keys, in runs of equal keys (group_by's groups). */
function groupsOf(values: Value[], keys: Value[][], budget: Budget): Value[][] {
  const groups: Value[][] = [];
  let previous: Value[] | undefined;
  for (const at of orderOf(keys, budget)) {
    const key = keys[at] as Value[];
    if (previous === undefined || compare(previous, key, budget) !== 0) groups.push([]);
    groups[groups.length - 1]?.push(values[at] as Value);
    previous = key;
  }
  return groups;
}

/** The first item of each run of equal keys (jq's unique and unique_by). */
function uniqueSorted(values: Value[], keys: Value[][], budget: Budget): Value[] {
  return groupsOf(values, keys, budget).map((group) => group[0] as Value);
}

/** Each item as its own sort key (sort, unique). */
function selves(input: Value, budget: Budget): Value[][] {
  return array(input).map((item) => {
    budget.charge(1);
    return [item];
  });
}

const NO_ARGUMENTS: Record<string, (input: Value, budget: Budget) => Value> = {
  length(input, budget) {
    if (input === null) return 0;
    if (typeof input === "boolean") throw new JqError();
    if (typeof input === "number") return Math.abs(input);
    if (typeof input === "string") return codePoints(input, budget);
    return Array.isArray(input) ? input.length : items(input, budget).length;
  },
  keys(input, budget) {
    if (Array.isArray(input)) return positions(input, budget);
    if (isObject(input)) return sortedKeys(input, budget);
    throw new JqError();
  },
  keys_unsorted(input, budget) {
    if (Array.isArray(input)) return positions(input, budget);
    if (!isObject(input)) throw new JqError();
    const keys = Object.keys(input);
    budget.charge(keys.length);
    return keys;
  },
  first: (input) => (input === null ? null : firstOrLast(input, 0)),
  last: (input) => (input === null ? null : firstOrLast(input, -1)),
  not: (input) => !truthy(input),
  tonumber(input, budget) {
    if (typeof input === "number") return input;
    if (typeof input !== "string") throw new JqError(); // "... cannot be parsed as a number"
    budget.charge(input.length);
    // Only text that jq and JavaScript read and write alike (jq 1.8 keeps the literal, `"1.0"` writes 1.0); a
    // string jq refuses (" 1", "1x", "") and every other spelling go to jq.
    if (!canonicalNumber(input)) throw new Unsure();
    return Number(input);
  },
  add: (input, budget) => add(items(input, budget), budget),
  to_entries(input, budget) {
    if (!isObject(input)) throw new Unsure();
    return Object.keys(input).map((key) => {
      budget.charge(3);
      const entry = newObject();
      entry.key = key;
      entry.value = input[key] as Value;
      return entry;
    });
  },
  from_entries(input, budget) {
    const object = newObject();
    // jq reduces over `.[]`: an object's values are the entries.
    for (const entry of items(input, budget)) {
      // jq 1.8 also reads k/name/Name/K/Key and v/Value and non-string keys: those are left to it.
      if (!isObject(entry) || typeof entry.key !== "string" || !Object.hasOwn(entry, "value"))
        throw new Unsure();
      budget.charge(entry.key.length + 1);
      setKey(object, entry.key, entry.value as Value);
    }
    return object;
  },
  tostring,
  tojson: compact,
  type: typeName,
  ascii_downcase: (input, budget) =>
    requireAscii(input, budget).replace(/[A-Z]+/g, (letters) => letters.toLowerCase()),
  ascii_upcase: (input, budget) =>
    requireAscii(input, budget).replace(/[a-z]+/g, (letters) => letters.toUpperCase()),
  sort: (input, budget) => sortBy(array(input), selves(input, budget), budget),
  unique: (input, budget) => uniqueSorted(array(input), selves(input, budget), budget),
  reverse(input, budget) {
    if (input === null) return [];
    if (!Array.isArray(input)) throw new Unsure(); // strings reverse by code point in 1.8; left to jq
    budget.charge(input.length);
    return input.slice().reverse();
  },
  min: (input, budget) => extreme(array(input), -1, budget),
  max: (input, budget) => extreme(array(input), 1, budget),
  floor(input) {
    if (typeof input !== "number") throw new JqError();
    return Math.floor(input);
  },
};

/** An array's keys: its positions. */
function positions(input: Value[], budget: Budget): number[] {
  budget.charge(input.length);
  return input.map((_, at) => at);
}

/** A string whose characters are read (its length is charged); anything else is jq's error. */
function requireAscii(input: Value, budget: Budget): string {
  if (typeof input !== "string") throw new JqError();
  budget.charge(input.length);
  return input;
}

/** `first` is `.[0]`, `last` `.[-1]`: on arrays; on objects and scalars jq's index error. */
function firstOrLast(input: Value, at: number): Value {
  if (!Array.isArray(input)) throw new JqError();
  const position = at < 0 ? input.length + at : at;
  return position >= 0 && position < input.length ? (input[position] as Value) : null;
}

/** jq's min/max: null for [], else the first least (min) or the last greatest (max) of equal items. */
function extreme(input: Value[], sign: number, budget: Budget): Value {
  let best: Value | undefined;
  for (const item of input) {
    if (best === undefined) best = item;
    else {
      const order = compare(item, best, budget) * sign;
      if (order > 0 || (order === 0 && sign > 0)) best = item;
    }
  }
  return best === undefined ? null : best;
}

/** Builtins taking one value argument (`join(",")`, `has("a")`): run once per output of the argument. */
const VALUE_ARGUMENT: Record<string, (input: Value, argument: Value, budget: Budget) => Value> = {
  join(input, separator, budget) {
    if (typeof separator !== "string") throw new Unsure();
    const texts: string[] = [];
    let size = 0;
    for (const item of items(input, budget)) {
      let text: string;
      if (item === null) text = "";
      else if (typeof item === "string") text = item;
      else if (typeof item === "number" || typeof item === "boolean") text = compact(item, budget);
      else throw new JqError();
      size += text.length + (texts.length > 0 ? separator.length : 0);
      budget.built(size, text.length + separator.length);
      texts.push(text);
    }
    return texts.join(separator);
  },
  has(input, key) {
    if (isObject(input) && typeof key === "string") return Object.hasOwn(input, key);
    if (Array.isArray(input) && Number.isInteger(key))
      return (key as number) >= 0 && (key as number) < input.length;
    throw new Unsure();
  },
  // On strings only: what 1.8 does with other inputs or arguments is left to jq.
  ltrimstr(input, argument, budget) {
    const [text, prefix] = [requireString(input), requireString(argument)];
    budget.charge(prefix.length);
    return text.startsWith(prefix) ? text.slice(prefix.length) : text;
  },
  rtrimstr(input, argument, budget) {
    const [text, suffix] = [requireString(input), requireString(argument)];
    budget.charge(suffix.length);
    return text.endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text;
  },
  startswith(input, prefix, budget) {
    budget.charge(requireString(prefix).length);
    return requireString(input).startsWith(prefix as string);
  },
  endswith(input, suffix, budget) {
    budget.charge(requireString(suffix).length);
    return requireString(input).endsWith(suffix as string);
  },
  split(input, argument, budget) {
    const [text, separator] = [requireString(input), requireString(argument)];
    if (separator === "") throw new Unsure();
    budget.charge(text.length);
    const parts = text === "" ? [] : text.split(separator);
    budget.built(parts.length);
    return parts;
  },
};

/** Builtins taking a filter argument (`map(f)`, `select(f)`, `sort_by(f)`): run per item as jq defines them. */
const FILTER_ARGUMENT: Record<
  string,
  (input: Value, filter: Node, run: Run, emit: Emit, budget: Budget) => void
> = {
  map(input, filter, run, emit, budget) {
    const mapped: Value[] = [];
    for (const item of items(input, budget))
      run(filter, item, (value) => budget.built(mapped.push(value), 1));
    emit(mapped);
  },
  select(input, filter, run, emit) {
    run(filter, input, (value) => {
      if (truthy(value)) emit(input);
    });
  },
  sort_by: (input, filter, run, emit, budget) =>
    emit(sortBy(array(input), keysOf(array(input), filter, run, budget), budget)),
  unique_by: (input, filter, run, emit, budget) =>
    emit(uniqueSorted(array(input), keysOf(array(input), filter, run, budget), budget)),
  group_by: (input, filter, run, emit, budget) =>
    emit(groupsOf(array(input), keysOf(array(input), filter, run, budget), budget)),
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
  any: (input, filter, run, emit, budget) => emit(decides(items(input, budget), filter, run, true)),
  all: (input, filter, run, emit, budget) => emit(!decides(items(input, budget), filter, run, false)),
};

const STOP = new Error("first output found");

/** The arrays of each item's outputs under the filter: jq's keys for sort_by, group_by, unique_by. */
function keysOf(values: Value[], filter: Node, run: Run, budget: Budget): Value[][] {
  return values.map((item) => {
    const key: Value[] = [];
    run(filter, item, (value) => budget.built(key.push(value), 1));
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

export function callBuiltin(
  name: string,
  args: readonly Node[],
  input: Value,
  run: Run,
  emit: Emit,
  budget: Budget,
): void {
  const [argument] = args;
  const filtered = FILTER_ARGUMENT[name];
  if (argument === undefined) {
    if (name === "values") {
      if (input !== null) emit(input);
    } else if (name === "any" || name === "all") filtered?.(input, IDENTITY, run, emit, budget);
    else if (name !== "empty") emit((NO_ARGUMENTS[name] as (typeof NO_ARGUMENTS)[string])(input, budget));
    return;
  }
  const valued = VALUE_ARGUMENT[name];
  if (valued) run(argument, input, (value) => emit(valued(input, value, budget)));
  else filtered?.(input, argument, run, emit, budget);
}
