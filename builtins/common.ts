import type { ExecResult } from "#just-bash";
import type { ShellRun } from "../src/shell/shell-run.js";
import { elapsedMs, type TraceEntry } from "../src/trace/trace.js";

/** A command's result with text stdout. */
export function commandResult(stdout: string, stderr: string, exitCode: number): ExecResult {
  return { stdout, stdoutKind: "text", stderr, exitCode };
}

/**
 * A result whose stdout is handed to just-bash as bytes (its documented `stdoutKind: "bytes"`: a latin1 string,
 * one character per byte): its own text-to-bytes conversion goes one character at a time (~70 ms per MB) and
 * holds the whole string twice; Buffer does it in ~1.5 ms. Built here rather than with just-bash's bytesOutput,
 * so a tool call the host answers without the shell (decision 0041) does not load the interpreter.
 */
export function bytesResult(stdout: string, stderr: string, exitCode: number): ExecResult {
  // ASCII (most JSON) is its own latin1 byte string: no copy at all.
  const ascii = Buffer.byteLength(stdout, "utf8") === stdout.length;
  return byteStringResult(ascii ? stdout : Buffer.from(stdout, "utf8").toString("latin1"), stderr, exitCode);
}

/** A command's result whose stdout is bytes already, one character per byte (latin1), written as they are. */
export function byteStringResult(bytes: string, stderr: string, exitCode: number): ExecResult {
  return { stdout: bytes, stdoutKind: "bytes", stdoutEncoding: "binary", stderr, exitCode };
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A command's stdout as text, as just-bash's exec returns it: byte output (latin1, one character per byte) is
 * decoded as UTF-8 where it is valid UTF-8 and kept as it is where not, as just-bash's decodeBytesToUtf8 does.
 */
export function stdoutText(result: ExecResult): string {
  return result.stdoutKind === "bytes" ? byteStringText(result.stdout) : result.stdout;
}

/** A byte string (latin1, one character per byte) as text: UTF-8 where it is valid UTF-8, as it is where not. */
export function byteStringText(bytes: string): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes.charCodeAt(i);
    // A character past 0xff is not a byte string: kept as it is.
    if (code > 0xff) return bytes;
    if (code > 0x7f) ascii = false;
  }
  if (ascii) return bytes;
  try {
    return STRICT_UTF8.decode(Buffer.from(bytes, "latin1"));
  } catch {
    return bytes;
  }
}

/** Runs a built-in command's body and records it in the run's trace, with its outcome (the host never sees it). */
export function timed(
  run: ShellRun,
  name: string,
  kind: TraceEntry["kind"],
  argv: string[],
  body: () => ExecResult,
): ExecResult {
  const started = performance.now();
  const outcome = body();
  const durationMs = elapsedMs(started);
  const ended = outcome.exitCode === 0 ? "ok" : "invalid_params";
  run.trace.record({ name, kind, argv, exitCode: outcome.exitCode, durationMs, outcome: ended });
  return outcome;
}

/** A command's stdin (just-bash's latin1 byte string) as UTF-8 text; undefined when nothing was piped in. */
export function stdinText(stdin: unknown): string | undefined {
  const bytes = stdin as string;
  return bytes === "" ? undefined : Buffer.from(bytes, "latin1").toString("utf8");
}
