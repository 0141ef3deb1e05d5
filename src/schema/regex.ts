/**
 * The regular-expression engine ajv runs schema patterns (`pattern`, `patternProperties`) on: RE2 (re2js), whose
 * matching time is linear in the input, instead of V8's backtracking engine. See
 * docs/decisions/0018-linear-time-schema-patterns.md.
 */
import type { CodeOptions } from "ajv/dist/2020.js";
import { RE2JS } from "re2js";
import { ToolshellError } from "../errors.js";

/** A pattern quoted in an error is cut to this many characters. */
const MAX_QUOTED_PATTERN = 200;

type RegExpEngine = NonNullable<CodeOptions["regExp"]>;

/**
 * Characters of text one validation may test against patterns. RE2 is linear but slow in JavaScript (~0.3-3 µs
 * a character, measured), and host calls (1 MiB params) and output checks (16 MiB results) run on the caller's
 * thread: past this, further pattern tests fail rather than stall it (a shell call's flags, 64 KiB, never reach it).
 */
export const MAX_PATTERN_TEXT_CHARS: number = 128 * 1024;

/** What the current validation may still test; unbounded outside {@link withPatternBudget}. */
let remaining = Number.POSITIVE_INFINITY;
let spent = false;

/** Runs one validation under the pattern budget; `exceeded` says whether a pattern test was refused for it. */
export function withPatternBudget<T>(validate: () => T): { result: T; exceeded: boolean } {
  remaining = MAX_PATTERN_TEXT_CHARS;
  spent = false;
  try {
    return { result: validate(), exceeded: spent };
  } finally {
    remaining = Number.POSITIVE_INFINITY;
  }
}

/** An RE2 pattern whose tests draw on the budget. */
function budgeted(pattern: RE2JS): { test(text: string): boolean; toString(): string } {
  return {
    test(text) {
      remaining -= text.length;
      if (remaining < 0) {
        spent = true;
        return false;
      }
      return pattern.test(text);
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

/**
 * TM-DOS-003: a hostile schema (an upstream MCP server writes both the schema and the data) cannot make a match
 * take exponential time on any thread. ECMAScript-only syntax (`\uXXXX`, `\cX`, `(?<name>`) is translated first;
 * what RE2 cannot run at all (lookaround, backreferences) fails schema compilation, so the tool is refused when it
 * is registered (an MCP upstream's tool is skipped with this reason) rather than failing every call.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    try {
      return budgeted(RE2JS.compile(RE2JS.translateRegExp(pattern)));
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
  },
  // Only read by ajv's standalone code generation, which toolshell does not use.
  { code: 'require("re2js").RE2JS.compile' },
);
