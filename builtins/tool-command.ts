import type { ByteString, Command, ExecResult } from "#just-bash";
import { checkJsonParams } from "../src/flags/checks.js";
import { formatIssues } from "../src/issues/wording.js";
import type { ShellRun } from "../src/shell/shell-run.js";
import { cutMiddle } from "../src/text/cut.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { elapsedMs, type TraceEntry } from "../src/trace/trace.js";
import type { RejectedCall } from "../src/worker/protocol.js";
import { byteStringResult, bytesResult, commandResult as result, stdinText } from "./common.js";
import { toolUsage } from "./help.js";

/** Params from JSON on stdin: only when no flags were given and every key is one of the tool's properties. */
function paramsFromStdin(spec: ToolSpec, stdin: string | undefined): Record<string, unknown> | undefined {
  const properties = spec.inputSchema.properties;
  if (stdin === undefined || typeof properties !== "object" || properties === null) return undefined;
  const text = stdin.trim();
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const keys = Object.keys(value);
    return keys.length > 0 && keys.every((key) => Object.hasOwn(properties, key))
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The tool's output as the pipe gets it: cut around a marker past the tool's own budget, if it has one. */
function withinBudget(spec: ToolSpec, callId: string, stdout: string, binary: boolean): string {
  const budget = spec.maxOutputBytes;
  if (budget === undefined) return stdout;
  return cutMiddle(
    stdout,
    budget,
    (cut) =>
      `[toolshell: ${cut} bytes of ${spec.name}'s output cut (budget ${budget} bytes); ` +
      `all of it: out ${callId} [--head N | --tail N | --range A:B]]`,
    binary ? "latin1" : "utf8",
  ).text;
}

/** How a call the shell answered itself ended: only its exit code and this are known, here and nowhere else. */
type ShellOutcome = Extract<TraceEntry["outcome"], "ok" | "invalid_params" | "limit_reached">;

/** The command a tool becomes: argv → flags → params → validation → one call to the host. */
export function toolCommand(spec: ToolSpec, run: ShellRun): Command {
  return {
    name: spec.name,
    trusted: true,
    execute: (argv, context) => callTool(spec, run, argv, context.stdin),
  };
}

/**
 * One invocation of a tool's command: `stdinBytes` is what was piped in, as just-bash hands it to commands (a latin1
 * byte string, "" for none). Also called directly for a script that is nothing but one tool call (0009).
 */
export async function callTool(
  spec: ToolSpec,
  run: ShellRun,
  argv: string[],
  stdinBytes: ByteString,
): Promise<ExecResult> {
  const name = spec.name;
  const started = performance.now();
  // A call the host never sees (refused params, a dry run, the call limit): its trace entry is made here. A
  // refused call has a record too (RejectedCall), which the host publishes when the run ends.
  const finish = (
    result: ExecResult,
    outcome: ShellOutcome,
    params?: Record<string, unknown>,
    refused?: RejectedCall,
  ): ExecResult => {
    run.trace.record({
      name,
      kind: "tool",
      argv,
      params,
      exitCode: result.exitCode,
      durationMs: refused?.durationMs ?? elapsedMs(started),
      callId: refused?.callId,
      outcome,
      ...(refused ? { bytesIn: refused.bytesIn, bytesOut: 0, attempts: 0 } : {}),
    });
    return result;
  };
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    return result(toolUsage(spec), "", 0);
  }
  const dryRun = argv.includes("--dry-run");
  const flags = dryRun ? argv.filter((word) => word !== "--dry-run") : argv;
  const compiled = run.catalog.compiledTool(spec);
  const stdin = stdinText(stdinBytes);
  const fromStdin = flags.length === 0 ? paramsFromStdin(spec, stdin) : undefined;
  const parsed = fromStdin ? checkJsonParams(fromStdin, spec.inputSchema) : compiled.parse(flags);
  const issues = parsed.issues.length > 0 ? parsed.issues : compiled.validate(parsed.params);
  if (issues.length > 0) {
    const failed = result("", formatIssues(name, issues), 2);
    // A dry run only checks params; a real call with invalid ones is a call (for onCall and stats) all the same,
    // up to as many per run as the trace keeps: a loop of bad calls must not grow the run's result without bound.
    if (dryRun || run.rejected.length >= run.limits.maxTraceEntries) {
      return finish(failed, "invalid_params", parsed.params);
    }
    const callId = run.newCallId();
    const durationMs = elapsedMs(started);
    const bytesIn = Buffer.byteLength(JSON.stringify(parsed.params)) + (stdin ? Buffer.byteLength(stdin) : 0);
    const refused: RejectedCall = { callId, name, durationMs, bytesIn };
    run.rejected.push(refused);
    return finish(failed, "invalid_params", parsed.params, refused);
  }
  if (dryRun) return finish(result(`${JSON.stringify(parsed.params)}\n`, "", 0), "ok", parsed.params);
  if (run.toolCalls >= run.limits.maxToolCalls) {
    const limit = `${name}: tool call limit reached (${run.limits.maxToolCalls} per run)\n`;
    return finish(result("", limit, 1), "limit_reached");
  }
  run.toolCalls++;
  const callId = run.newCallId();
  const answer = await run.callHost({ name, argv, params: parsed.params, stdin, callId });
  run.keep(callId, answer.stdout, answer.binary);
  // The host made this call's entry from the request and its record; the shell keeps only its place.
  run.trace.answered(callId);
  const stdout = withinBudget(spec, callId, answer.stdout, answer.binary === true);
  // Bytes a callback returned are a byte string already; text is written as its UTF-8.
  return answer.binary
    ? byteStringResult(stdout, answer.stderr, answer.exitCode)
    : bytesResult(stdout, answer.stderr, answer.exitCode);
}
