/**
 * The regular-expression engine ajv runs schema patterns (`pattern`, `patternProperties`, `propertyNames`) on: RE2
 * (re2js), linear in the text instead of V8's backtracking engine, with its work bounded per check. See
 * docs/decisions/0018-linear-time-schema-patterns.md.
 */
import type { CodeOptions } from "ajv/dist/2020.js";
import type { RE2JS } from "#just-bash";
import loads from "../assets/loads.cjs";
import { ToolshellError } from "../errors.js";
import type { Issue } from "../issues/issue.js";
import { MAX_PATTERN_PROGRAM_SIZE, MAX_PATTERN_SOURCE_CHARS, MAX_PATTERN_STEPS } from "../limits.js";

/** A pattern quoted in an error is cut to this many characters. */
const MAX_QUOTED_PATTERN = 200;

type RegExpEngine = NonNullable<CodeOptions["regExp"]>;

let engine: typeof RE2JS | undefined;

/**
 * re2js, which toolshell ships inside the interpreter's bundle (`#just-bash`, ~65 ms to load), loaded on the first
 * pattern rather than when toolshell is imported (decision 0037). Synchronously, because ajv compiles patterns and
 * registration checks them synchronously: through require of an ES module (Node 20.19 and later); a worker thread,
 * which has imported the bundle already, gets the same module. Through loads.cjs, which bundlers follow (0047).
 */
function re2(): typeof RE2JS {
  engine ??= loads.justBash().RE2JS;
  return engine;
}

/** Pattern tests a validation refused: the issue to report, and which (pattern, text) tests it did not run. */
export interface RefusedTests {
  issue: Issue;
  /** Whether testing `text` against `pattern` was refused (its failure says nothing about the text). */
  has(pattern: string, text: unknown): boolean;
}

/** What the current validation may still spend; unbounded outside {@link withPatternBudget}. */
let remaining = Number.POSITIVE_INFINITY;
/** The texts each pattern was not tested against (a Set: one check may refuse thousands of tests). */
let refused: { issue: Issue; tests: Map<string, Set<string>> } | undefined;

// A function, so that the type of `refused` is not narrowed across the validation that sets it.
const refusedSoFar = () => refused;

/**
 * Runs one validation under the pattern budget. A refused test fails, whatever keyword holds it, so the caller
 * must fail the check closed when `refused` is set, and may drop the pattern mismatches it lists.
 */
export function withPatternBudget<T>(validate: () => T): { result: T; refused: RefusedTests | undefined } {
  remaining = MAX_PATTERN_STEPS;
  refused = undefined;
  try {
    const result = validate();
    const found = refusedSoFar();
    if (found === undefined) return { result, refused: undefined };
    const has = (pattern: string, text: unknown) =>
      typeof text === "string" && found.tests.get(pattern)?.has(text) === true;
    return { result, refused: { issue: found.issue, has } };
  } finally {
    remaining = Number.POSITIVE_INFINITY;
    refused = undefined;
  }
}

function budgetIssue(source: string, size: number): Issue {
  return {
    code: "too_big",
    path: [],
    kind: "pattern_steps",
    maximum: MAX_PATTERN_STEPS,
    pattern: source,
    patternSize: size,
  };
}

/**
 * An RE2 pattern whose tests draw on the budget. It runs on re2js's NFA (a `matcher().find()` asks for a match
 * position, which its lazy DFA cannot give): the NFA's cost is the charged `length x size`, where the DFA costs up
 * to 4x more a character while it builds states and keeps up to 10,000 of them (16.5 MiB measured) on the pattern.
 */
function budgeted(source: string, pattern: RE2JS): { test(text: string): boolean; toString(): string } {
  const size = pattern.programSize();
  return {
    test(text) {
      remaining -= text.length * size;
      if (remaining < 0) {
        refused ??= { issue: budgetIssue(source, size), tests: new Map() };
        const texts = refused.tests.get(source) ?? new Set();
        refused.tests.set(source, texts.add(text));
        return false;
      }
      return pattern.matcher(text).find();
    },
    // ajv keys its cache of compiled patterns by this.
    toString: () => pattern.toString(),
  };
}

function quoted(pattern: string): string {
  const text = JSON.stringify(pattern);
  return text.length <= MAX_QUOTED_PATTERN
    ? text
    : `${text.slice(0, MAX_QUOTED_PATTERN)}..." (${pattern.length} characters)`;
}

function compile(pattern: string): RE2JS {
  const re2js = re2();
  try {
    return re2js.compile(re2js.translateRegExp(pattern));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /^error parsing regexp: /,
      "",
    );
    throw new ToolshellError(
      "invalid_schema",
      `pattern ${quoted(pattern)} cannot run on toolshell's linear-time regex engine (RE2: ${reason}); ` +
        "rewrite it in RE2's syntax (no lookaround, no backreferences) or check the value in execute instead",
      { cause: error },
    );
  }
}

/**
 * TM-DOS-003: a hostile schema (an upstream MCP server writes both the schema and the data) cannot make a match
 * take exponential time, nor a big program multiply linear time, on any thread. ECMAScript-only syntax (`\uXXXX`,
 * `\cX`, `(?<name>`) is translated first; what RE2 cannot run at all (lookaround, backreferences), a pattern past
 * MAX_PATTERN_SOURCE_CHARS and a program past MAX_PATTERN_PROGRAM_SIZE fail schema compilation, so the tool is
 * refused when it is registered (an MCP upstream's tool is skipped with the reason) rather than failing every call.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    if (pattern.length > MAX_PATTERN_SOURCE_CHARS) {
      throw new ToolshellError(
        "invalid_schema",
        `pattern ${quoted(pattern)} is longer than the ${MAX_PATTERN_SOURCE_CHARS} characters toolshell's regex ` +
          "engine accepts; write a shorter pattern or check the value in execute instead",
      );
    }
    const compiled = compile(pattern);
    const size = compiled.programSize();
    if (size > MAX_PATTERN_PROGRAM_SIZE) {
      throw new ToolshellError(
        "invalid_schema",
        `pattern ${quoted(pattern)} is too big for toolshell's linear-time regex engine: it compiles to ${size} ` +
          `instructions, at most ${MAX_PATTERN_PROGRAM_SIZE} are allowed (each character checked costs a step per ` +
          "instruction); use smaller counted repeats such as {0,100}, or check the value in execute instead",
      );
    }
    return budgeted(pattern, compiled);
  },
  // Only read by ajv's standalone code generation, which toolshell does not use.
  { code: 'require("re2js").RE2JS.compile' },
);
