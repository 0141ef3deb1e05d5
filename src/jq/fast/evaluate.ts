/**
 * Runs a parsed filter as jq 1.8.2 does, output by output (each output goes on before the next is computed, so
 * `?` and jq's laziness behave as in jq). Whatever jq would report as an error throws JqError (which `?` catches);
 * whatever the fast path cannot be sure of throws Unsure. Each call's work and the values it builds are bounded
 * (budget.ts): each node run, item emitted or pushed and character built is charged, and so are the builtins'.
 */
import type { BinaryOperator, Node } from "./ast.js";
import type { Budget } from "./budget.js";
import { callBuiltin } from "./builtins.js";
import { formatText, number, plus, tostring } from "./operations.js";
import { compare, isObject, JqError, newObject, setKey, truthy, Unsure, type Value } from "./value.js";

export type Emit = (value: Value) => void;
interface Scope {
  name: string;
  value: Value;
  outer: Scope | undefined;
}
/** Runs a filter (a builtin's argument) on an input, in the scope of the call. */
export type Run = (node: Node, input: Value, emit: Emit) => void;

/** An error raised downstream of a `?`, which jq 1.8 does not let that `?` catch. */
class Downstream extends Error {
  constructor(readonly inner: unknown) {
    super();
  }
}

/** `target[key]`: jq's lookups, null for a missing key or index and on null; a type clash is jq's error. */
function index(target: Value, key: Value): Value {
  if (typeof key === "string") {
    if (target === null) return null;
    if (isObject(target)) return Object.hasOwn(target, key) ? (target[key] as Value) : null;
    throw new JqError();
  }
  if (typeof key === "number") {
    if (!Number.isInteger(key)) throw new Unsure(); // jq floors the index; not reproduced
    if (target === null) return null;
    if (!Array.isArray(target)) throw new JqError();
    const at = key < 0 ? target.length + key : key;
    return at >= 0 && at < target.length ? (target[at] as Value) : null;
  }
  throw new Unsure();
}

/** A slice's bound: an integer, counted from the end when negative, clamped to `0..length`. */
function sliceBound(bound: Value, length: number): number {
  if (typeof bound !== "number") throw new JqError(); // "Start and end indices of an array slice must be numbers"
  if (!Number.isInteger(bound)) throw new Unsure(); // jq rounds a fractional bound; not reproduced
  return Math.min(length, Math.max(0, bound < 0 ? bound + length : bound));
}

/**
 * `target[from:to]` as jq's jv_get with a {start, end} key: null on null whatever the bounds; an array's items or
 * a string's code points from `from` (null: 0) up to `to` (null: the length); anything else is jq's error.
 */
function slice(target: Value, from: Value, to: Value, budget: Budget): Value {
  if (target === null) return null;
  let items: Value[];
  if (typeof target === "string") {
    budget.charge(target.length);
    items = Array.from(target);
  } else if (Array.isArray(target)) items = target;
  else throw new JqError();
  const start = from === null ? 0 : sliceBound(from, items.length);
  const end = Math.max(start, to === null ? items.length : sliceBound(to, items.length));
  budget.charge(end - start);
  const part = items.slice(start, end);
  return typeof target === "string" ? part.join("") : part;
}

/** What `find` finds (a lookup, a slice); an optional one yields nothing where jq's fails. */
function emitFound(find: () => Value, optional: true | undefined, emit: Emit): void {
  let found: Value;
  try {
    found = find();
  } catch (error) {
    if (optional && error instanceof JqError) return;
    throw error;
  }
  emit(found);
}

/** One lookup; an optional one yields nothing where jq's lookup fails. */
function lookUp(target: Value, key: Value, optional: true | undefined, emit: Emit): void {
  emitFound(() => index(target, key), optional, emit);
}

/** `.[]`: each item emitted is charged. */
function each(target: Value, emit: Emit, budget: Budget): void {
  if (Array.isArray(target))
    for (const item of target) {
      budget.charge(1);
      emit(item);
    }
  else if (isObject(target)) {
    const keys = Object.keys(target);
    budget.charge(keys.length);
    for (const key of keys) {
      budget.charge(1);
      emit(target[key] as Value);
    }
  } else throw new JqError();
}

function arithmetic(operator: BinaryOperator, left: Value, right: Value, budget: Budget): Value {
  switch (operator) {
    case "==":
      return compare(left, right, budget) === 0;
    case "!=":
      return compare(left, right, budget) !== 0;
    case "<":
      return compare(left, right, budget) < 0;
    case "<=":
      return compare(left, right, budget) <= 0;
    case ">":
      return compare(left, right, budget) > 0;
    case ">=":
      return compare(left, right, budget) >= 0;
    case "+":
      return plus(left, right, budget);
  }
  if (typeof left !== "number" || typeof right !== "number") throw new Unsure();
  if (operator === "-") return number(left - right);
  if (operator === "*") return number(left * right);
  if (right === 0) throw new JqError(); // division or remainder by zero
  if (operator === "/") return number(left / right);
  // jq's `%` truncates both sides to integers first; only integers whose C semantics JavaScript shares.
  if (!Number.isSafeInteger(left) || !Number.isSafeInteger(right)) throw new Unsure();
  return left % right;
}

/** The runner of one call's filter, with the call's variables and its budget. */
export function createRun(variables: ReadonlyMap<string, Value>, budget: Budget): Run {
  const lookup = (scope: Scope | undefined, name: string): Value => {
    for (let frame = scope; frame; frame = frame.outer) if (frame.name === name) return frame.value;
    const value = variables.get(name);
    if (value === undefined) throw new Unsure(); // not reached: parseFilter lets through only bound names
    return value;
  };

  const run = (node: Node, input: Value, scope: Scope | undefined, emit: Emit): void => {
    budget.step();
    switch (node.kind) {
      case "identity":
        emit(input);
        return;
      case "literal":
        emit(node.value);
        return;
      case "variable":
        emit(lookup(scope, node.name));
        return;
      case "index":
        // jq evaluates the key first and iterates the target inside it.
        if (node.key.kind === "literal") {
          const key = node.key.value;
          run(node.target, input, scope, (target) => lookUp(target, key, node.optional, emit));
          return;
        }
        run(node.key, input, scope, (key) =>
          run(node.target, input, scope, (target) => lookUp(target, key, node.optional, emit)),
        );
        return;
      case "slice": {
        // As jq builds the {start, end} key: `from` varies slowest, then `to`, then the target.
        const { from, to, target, optional } = node;
        const bounds = (bound: Node | undefined, then: (value: Value) => void): void =>
          bound === undefined ? then(null) : run(bound, input, scope, then);
        bounds(from, (start) =>
          bounds(to, (end) =>
            run(target, input, scope, (value) =>
              emitFound(() => slice(value, start, end, budget), optional, emit),
            ),
          ),
        );
        return;
      }
      case "each":
        run(node.target, input, scope, (target) => {
          if (node.optional && !Array.isArray(target) && !isObject(target)) return;
          each(target, emit, budget);
        });
        return;
      case "try":
        try {
          run(node.body, input, scope, (value) => {
            try {
              emit(value);
            } catch (error) {
              throw new Downstream(error);
            }
          });
        } catch (error) {
          if (error instanceof Downstream) throw error.inner;
          if (!(error instanceof JqError)) throw error;
        }
        return;
      case "pipe":
        run(node.left, input, scope, (value) => run(node.right, value, scope, emit));
        return;
      case "comma":
        run(node.left, input, scope, emit);
        run(node.right, input, scope, emit);
        return;
      case "alternative": {
        // jq's `//` hides some errors of its left side: any error under it is left to jq.
        let found = false;
        try {
          run(node.left, input, scope, (value) => {
            if (!truthy(value)) return;
            found = true;
            emit(value);
          });
          if (!found) run(node.right, input, scope, emit);
        } catch (error) {
          throw error instanceof JqError ? new Unsure() : error;
        }
        return;
      }
      case "and":
      case "or": {
        const decided = node.kind === "or";
        run(node.left, input, scope, (left) => {
          if (truthy(left) === decided) emit(decided);
          else run(node.right, input, scope, (right) => emit(truthy(right)));
        });
        return;
      }
      case "binary":
        // jq iterates the right operand outside the left one.
        run(node.right, input, scope, (right) =>
          run(node.left, input, scope, (left) => emit(arithmetic(node.operator, left, right, budget))),
        );
        return;
      case "array": {
        const items: Value[] = [];
        if (node.body) run(node.body, input, scope, (value) => budget.built(items.push(value), 1));
        emit(items);
        return;
      }
      case "object":
        construct(node.entries, 0, [], input, scope, emit);
        return;
      case "string":
        interpolate(node.parts, node.parts.length - 1, "", input, scope, emit);
        return;
      case "format":
        emit(formatText(node.name, input, budget));
        return;
      case "if":
        run(node.condition, input, scope, (condition) =>
          run(truthy(condition) ? node.consequent : node.otherwise, input, scope, emit),
        );
        return;
      case "bind":
        run(node.source, input, scope, (value) =>
          run(node.body, input, { name: node.name, value, outer: scope }, emit),
        );
        return;
      case "reduce": {
        let state = single(node.init, input, scope);
        run(node.source, input, scope, (value) => {
          state = single(node.update, state, { name: node.name, value, outer: scope });
        });
        emit(state);
        return;
      }
      case "call":
        callBuiltin(node.name, node.args, input, bind(scope), emit, budget);
        return;
    }
  };

  /** The one output of a filter; any other count is left to jq (reduce's rules for them changed across versions). */
  const single = (node: Node, input: Value, scope: Scope | undefined): Value => {
    const outputs: Value[] = [];
    run(node, input, scope, (value) => outputs.push(value));
    if (outputs.length !== 1) throw new Unsure();
    return outputs[0] as Value;
  };

  /**
   * `{k: v, ...}`: the first entry's outputs vary slowest; in an entry, the key's outputs vary slower than the
   * value's. `pairs` holds the entries chosen so far (one per level of the recursion).
   */
  const construct = (
    entries: ReadonlyArray<{ key: Node; value: Node }>,
    at: number,
    pairs: Array<[string, Value]>,
    input: Value,
    scope: Scope | undefined,
    emit: Emit,
  ): void => {
    const entry = entries[at];
    if (!entry) {
      const object = newObject();
      for (const [key, value] of pairs) {
        budget.charge(key.length + 1);
        setKey(object, key, value);
      }
      emit(object);
      return;
    }
    run(entry.key, input, scope, (key) => {
      if (typeof key !== "string") throw new Unsure();
      run(entry.value, input, scope, (value) => {
        pairs.push([key, value]);
        construct(entries, at + 1, pairs, input, scope, emit);
        pairs.pop(); // an error or a stop leaves the object's evaluation altogether
      });
    });
  };

  /** `"a\(x)b\(y)"`: as jq's chain of `+`, the last interpolation's outputs vary slowest. */
  const interpolate = (
    parts: ReadonlyArray<string | Node>,
    at: number,
    suffix: string,
    input: Value,
    scope: Scope | undefined,
    emit: Emit,
  ): void => {
    if (at < 0) {
      emit(suffix);
      return;
    }
    const part = parts[at] as string | Node;
    if (typeof part === "string") {
      budget.built(part.length + suffix.length);
      interpolate(parts, at - 1, part + suffix, input, scope, emit);
      return;
    }
    run(part, input, scope, (value) => {
      const text = tostring(value, budget);
      budget.built(text.length + suffix.length);
      interpolate(parts, at - 1, text + suffix, input, scope, emit);
    });
  };

  const bind =
    (scope: Scope | undefined): Run =>
    (node, input, emit) =>
      run(node, input, scope, emit);

  return bind(undefined);
}
