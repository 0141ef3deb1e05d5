/**
 * What a call's outcome says: a callback's value turned into the bytes the shell sees (checked against the tool's
 * outputSchema), its output capped, and the outcomes of callbacks that threw.
 */
import { Buffer } from "node:buffer";
import { byteStringText } from "../../builtins/common.js";
import { ToolError } from "../errors.js";
import { MAX_TOOL_OUTPUT_BYTES } from "../limits.js";
import { cutMiddle, trimNewlinesEnd } from "../text/cut.js";
import type { CallErrorCode, CallOutcome } from "../tool/call.js";
import type { ThrownError } from "../trace/trace.js";
import { issueList, type OutputCheck, type OutputIssues, strictOutputMessage } from "./output-check.js";

/** An outcome that failed before or without any output. */
export function failed(code: CallErrorCode, stderr: string, exitCode: number): CallOutcome {
  return { stdout: "", stderr, exitCode, code };
}

/**
 * Turns what a callback returned into the bytes the shell sees, checking it against the tool's outputSchema if
 * it has one. An object is serialised once; the check reads the value itself (and parses that one serialisation
 * only if the value fails). `undefined` is checked as `null`: both print nothing.
 */
export function render(
  name: string,
  value: unknown,
  check: OutputCheck | undefined,
  strict: boolean,
): CallOutcome {
  if (value === undefined || value === null) {
    return checked(name, { stdout: "", stderr: "", exitCode: 0, code: "ok" }, check?.value(null), strict);
  }
  if (typeof value === "string") {
    return checked(name, { stdout: value, stderr: "", exitCode: 0, code: "ok" }, check?.text(value), strict);
  }
  // Bytes are written as they are (not as the JSON of a Buffer object), and checked against no outputSchema.
  const bytes = byteString(value);
  if (bytes !== undefined) return { stdout: bytes, stderr: "", exitCode: 0, code: "ok", binary: true };
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) {
    return failed("handler_failed", `${name}: callback returned a value that is not JSON\n`, 1);
  }
  return checked(
    name,
    { stdout: `${json}\n`, stderr: "", exitCode: 0, code: "ok" },
    check?.value(value, json),
    strict,
  );
}

/** The bytes of a Buffer, a typed array, a DataView or an ArrayBuffer as a latin1 string; undefined for anything else. */
function byteString(value: unknown): string | undefined {
  if (ArrayBuffer.isView(value)) {
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("latin1");
  }
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString("latin1");
  return undefined;
}

/** What an outcome's stdout prints as: its text, or the text of the bytes a callback returned. */
export function printedText(outcome: CallOutcome): string {
  return outcome.binary ? byteStringText(outcome.stdout) : outcome.stdout;
}

/** Attaches output issues to a successful outcome; under strictOutput they fail the call instead. */
function checked(
  name: string,
  outcome: CallOutcome,
  found: OutputIssues | undefined,
  strict: boolean,
): CallOutcome {
  if (found === undefined || found.total === 0) return outcome;
  const outputIssues = issueList(found);
  if (!strict) return { ...outcome, outputIssues };
  return {
    stdout: "",
    stderr: strictOutputMessage(name, found),
    exitCode: 1,
    outputIssues,
    code: "invalid_output",
  };
}

/** One call's output crosses to the shell whole up to MAX_TOOL_OUTPUT_BYTES; past it, head and tail around a marker. */
export function capped(name: string, outcome: CallOutcome): CallOutcome {
  if (outcome.stdout.length <= MAX_TOOL_OUTPUT_BYTES / 3) return outcome;
  const { text } = cutMiddle(
    outcome.stdout,
    MAX_TOOL_OUTPUT_BYTES,
    (cut) =>
      `[toolshell: ${cut} bytes of ${name}'s output cut: one call may return at most ${MAX_TOOL_OUTPUT_BYTES} bytes]`,
    outcome.binary ? "latin1" : "utf8",
  );
  return { ...outcome, stdout: text };
}

/** Bytes of a ToolError's message shown (head and tail): each line gets the tool's name, so it must stay small. */
const MAX_ERROR_MESSAGE_BYTES = 64 * 1024;

/** A ToolError's message within MAX_ERROR_MESSAGE_BYTES (it may carry an upstream's text of any size). */
function errorMessage(message: string): string {
  if (message.length <= MAX_ERROR_MESSAGE_BYTES / 3) return message;
  return cutMiddle(
    message,
    MAX_ERROR_MESSAGE_BYTES,
    (cut) =>
      `[toolshell: ${cut} bytes of the error message cut: at most ${MAX_ERROR_MESSAGE_BYTES} are shown]`,
  ).text;
}

/**
 * Whether a thrown value is a ToolError, from this copy of toolshell or a tool package's own (TM-ERR-001); false for
 * a Proxy whose traps throw.
 */
export function isToolError(error: unknown): error is ToolError {
  return ToolError.isInstance(error);
}

/** Another copy's ToolError (another version, perhaps) is checked again: only 1..255 is an exit code. */
function exitCodeOf(code: unknown): number {
  return typeof code === "number" && Number.isInteger(code) && code >= 1 && code <= 255 ? code : 1;
}

/**
 * What a callback threw, for the host (CallRecord.error). Read defensively, as failedOutcome reads it: a hostile
 * value (a Proxy, a throwing getter) gives what could be read.
 */
export function thrownError(error: unknown): ThrownError {
  try {
    if (error instanceof Error) {
      const stack = error.stack;
      return {
        name: String(error.name),
        message: String(error.message),
        ...(typeof stack === "string" ? { stack } : {}),
      };
    }
    return { name: error === null ? "null" : typeof error, message: String(error) };
  } catch {
    return { name: "unknown", message: "the thrown value could not be read" };
  }
}

/**
 * A callback that threw: a ToolError's message is meant for the script and always shown (as written, each line
 * prefixed with the tool's name); any other error says `callback failed`, with its first line only when
 * sanitizeErrors is off.
 */
export function failedOutcome(name: string, error: unknown, sanitize: boolean): CallOutcome {
  // What a callback throws is hostile: a Proxy whose traps throw, a getter that throws, an object with no
  // toString. Reading it must never throw in turn (that would reject the call and escape as an unhandled rejection).
  try {
    if (isToolError(error)) {
      const lines = trimNewlinesEnd(errorMessage(String(error.message))).split("\n");
      const stderr = lines.map((line) => `${name}: ${line}\n`).join("");
      const stdout = typeof error.stdout === "string" ? error.stdout : "";
      return capped(name, { stdout, stderr, exitCode: exitCodeOf(error.exitCode), code: "handler_failed" });
    }
    if (sanitize) return failed("handler_failed", `${name}: callback failed\n`, 1);
    const message = error instanceof Error ? String(error.message) : String(error);
    return failed("handler_failed", `${name}: callback failed: ${message.split("\n")[0]}\n`, 1);
  } catch {
    return failed("handler_failed", `${name}: callback failed\n`, 1);
  }
}
