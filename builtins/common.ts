import type { ExecResult } from "just-bash";
import type { RunContext } from "../src/shell/run-context.js";
import type { TraceEntry } from "../src/trace.js";

/** A command's result with text stdout. */
export function commandResult(stdout: string, stderr: string, exitCode: number): ExecResult {
  return { stdout, stdoutKind: "text", stderr, exitCode };
}

/** Runs a built-in command's body and records it in the run's trace. */
export function timed(
  run: RunContext,
  name: string,
  kind: TraceEntry["kind"],
  argv: string[],
  body: () => ExecResult,
): ExecResult {
  const started = performance.now();
  const outcome = body();
  const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
  run.trace.record({ name, kind, argv, exitCode: outcome.exitCode, durationMs });
  return outcome;
}
