import { bytesOutput, type ExecResult, unsafeBytesFromLatin1 } from "#just-bash";
import type { ShellRun } from "../src/shell/shell-run.js";
import { elapsedMs, type TraceEntry } from "../src/trace/trace.js";

/** A command's result with text stdout. */
export function commandResult(stdout: string, stderr: string, exitCode: number): ExecResult {
  return { stdout, stdoutKind: "text", stderr, exitCode };
}

/**
 * A result whose stdout is handed to just-bash as bytes: its own text-to-bytes conversion goes one character at
 * a time (~70 ms per MB) and holds the whole string twice; Buffer does it in ~1.5 ms.
 */
export function bytesResult(stdout: string, stderr: string, exitCode: number): ExecResult {
  // ASCII (most JSON) is its own latin1 byte string: no copy at all.
  const ascii = Buffer.byteLength(stdout, "utf8") === stdout.length;
  const bytes = unsafeBytesFromLatin1(ascii ? stdout : Buffer.from(stdout, "utf8").toString("latin1"));
  return { ...bytesOutput(bytes), stderr, exitCode };
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
