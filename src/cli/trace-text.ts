import type { ExecuteResult } from "../run/result.js";
import { shellWord } from "../text/shell-quote.js";
import type { TraceEntry } from "../trace/trace.js";

function entryLine(entry: TraceEntry, index: number): string {
  const command = [entry.name, ...entry.argv].map(shellWord).join(" ");
  const notes = [`exit ${entry.exitCode}`, `${entry.durationMs} ms`];
  if (entry.decision === "deny") notes.push("denied by policy");
  if (entry.planned) notes.push("planned, not run");
  if (entry.callId) notes.push(entry.callId);
  const lines = [`  ${index + 1}. ${command}  (${notes.join(", ")})`];
  for (const issue of entry.outputIssues ?? []) lines.push(`     output: ${issue}`);
  return lines.join("\n");
}

/**
 * A run's trace for a person reading a terminal: one numbered line per command with its words, exit code and
 * duration, then the output-schema issues of that call, if any.
 * @example
 * traceText(await api.execute("get_user --id 42"))
 * // "trace: 1 call\n  1. get_user --id 42  (exit 0, 0.41 ms, call-1)\n"
 */
export function traceText(result: Pick<ExecuteResult, "trace" | "traceDropped">): string {
  const total = result.trace.length + result.traceDropped;
  const head = `trace: ${total} ${total === 1 ? "call" : "calls"}`;
  const lines = [head, ...result.trace.map(entryLine)];
  if (result.traceDropped > 0) lines.push(`  ... ${result.traceDropped} more not kept`);
  return `${lines.join("\n")}\n`;
}
