/**
 * Checks what a tool's callback returned against the tool's `outputSchema`, on the caller's thread, and words
 * any mismatch as short lines for the trace (and for stderr under `strictOutput`). Every keyword is checked,
 * `pattern` and `patternProperties` too: they run on a linear-time engine (TM-DOS-003, src/schema/regex.ts).
 */
import { ToolshellError } from "../errors.js";
import { describeOutputIssue, renderValue } from "../issues/wording.js";
import type { JsonSchema } from "../schema/json-schema.js";
import { deferredValidator, type Validator } from "../schema/validate.js";

/** At most this many issue lines are kept per call; the rest are counted in a last line. */
const MAX_OUTPUT_ISSUES = 10;
/** At most this many issue lines are printed when `strictOutput` fails a call. */
const MAX_STRICT_OUTPUT_LINES = 5;

export interface OutputIssues {
  /** Worded issues, the first MAX_OUTPUT_ISSUES of them. */
  lines: string[];
  /** How many issues there were in all. */
  total: number;
}

export interface OutputCheck {
  /**
   * Checks a returned value. `json` is the serialisation the shell sees: it is parsed (never re-serialised) only
   * when the value itself fails, so a Date or a `toJSON` is judged as the shell sees it.
   */
  value(value: unknown, json?: string): OutputIssues;
  /** Checks a string result, which must be one JSON document. */
  text(text: string): OutputIssues;
}

const NONE: OutputIssues = { lines: [], total: 0 };

/**
 * A tool's outputSchema check: the schema is checked at registration, which throws ToolshellError("invalid_schema")
 * if it is bad, and compiled on the first result it checks.
 */
export function outputCheck(toolName: string, schema: JsonSchema): OutputCheck {
  let validate: Validator;
  try {
    validate = deferredValidator(schema);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolshellError("invalid_schema", `${toolName}: outputSchema: ${message}`, { cause: error });
  }
  const check = (value: unknown): OutputIssues => {
    const issues = validate(value);
    if (issues.length === 0) return NONE;
    const total = issues.length + (issues.omitted ?? 0);
    return { lines: issues.slice(0, MAX_OUTPUT_ISSUES).map(describeOutputIssue), total };
  };
  return {
    value(value, json) {
      const found = check(value);
      if (found.total === 0 || json === undefined) return found;
      return check(JSON.parse(json));
    },
    text(text) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // The start of the text, quoted (newlines escaped) and cut: enough to see what came instead.
        return { lines: [`output is not JSON: ${renderValue(text.slice(0, 80))}`], total: 1 };
      }
      return check(parsed);
    },
  };
}

/** The trace's list: the kept lines, plus a count of the rest. */
export function issueList(found: OutputIssues): string[] {
  const more = found.total - found.lines.length;
  return more > 0 ? [...found.lines, `... and ${more} more`] : [...found.lines];
}

/** The stderr of a call that `strictOutput` failed. */
export function strictOutputMessage(toolName: string, found: OutputIssues): string {
  const [first = "mismatch", ...rest] = found.lines.slice(0, MAX_STRICT_OUTPUT_LINES);
  let text = `${toolName}: returned output that does not match its outputSchema: ${first}\n`;
  for (const line of rest) text += `${toolName}: ${line}\n`;
  const more = found.total - MAX_STRICT_OUTPUT_LINES;
  if (more > 0) text += `${toolName}: ... and ${more} more\n`;
  return text;
}
