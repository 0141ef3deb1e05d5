import type { ByteString, Command, ExecResult } from "#just-bash";
import { checkJsonParams } from "../src/flags/checks.js";
import { formatIssues } from "../src/issues/issue.js";
import type { RunContext } from "../src/shell/run-context.js";
import { cutMiddle } from "../src/text/cut.js";
import type { CallOutcome } from "../src/tool/call.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { elapsedMs } from "../src/trace/trace.js";
import { bytesResult, commandResult as result, stdinText } from "./common.js";
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
function withinBudget(spec: ToolSpec, callId: string, stdout: string): string {
  const budget = spec.maxOutputBytes;
  if (budget === undefined) return stdout;
  return cutMiddle(
    stdout,
    budget,
    (cut) =>
      `[toolshell: ${cut} bytes of ${spec.name}'s output cut (budget ${budget} bytes); ` +
      `all of it: out ${callId} [--head N | --tail N | --range A:B]]`,
  ).text;
}

/** What the trace keeps of a call that reached the host. */
type CalledTool = Pick<CallOutcome, "outputIssues" | "decision" | "planned"> & { callId: string };

/** The command a tool becomes: argv → flags → params → validation → one call to the host. */
export function toolCommand(spec: ToolSpec, run: RunContext): Command {
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
  run: RunContext,
  argv: string[],
  stdinBytes: ByteString,
): Promise<ExecResult> {
  const name = spec.name;
  const started = performance.now();
  const finish = (
    outcome: ExecResult,
    params?: Record<string, unknown>,
    call?: CalledTool,
    durationMs = elapsedMs(started),
  ): ExecResult => {
    run.trace.record({
      name,
      kind: "tool",
      argv,
      params,
      exitCode: outcome.exitCode,
      durationMs,
      callId: call?.callId,
      ...(call?.outputIssues ? { outputIssues: call.outputIssues } : {}),
      ...(call?.decision ? { decision: call.decision } : {}),
      ...(call?.planned ? { planned: true as const } : {}),
    });
    return outcome;
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
    if (dryRun || run.rejected.length >= run.limits.maxTraceEntries) return finish(failed, parsed.params);
    const callId = run.newCallId();
    const durationMs = elapsedMs(started);
    const bytesIn = Buffer.byteLength(JSON.stringify(parsed.params)) + (stdin ? Buffer.byteLength(stdin) : 0);
    run.rejected.push({ callId, name, durationMs, bytesIn });
    return finish(failed, parsed.params, { callId }, durationMs);
  }
  if (dryRun) return finish(result(`${JSON.stringify(parsed.params)}\n`, "", 0), parsed.params);
  if (run.toolCalls >= run.limits.maxToolCalls) {
    return finish(result("", `${name}: tool call limit reached (${run.limits.maxToolCalls} per run)\n`, 1));
  }
  run.toolCalls++;
  const callId = run.newCallId();
  const outcome = await run.invoke({ name, argv, params: parsed.params, stdin, callId });
  run.keep(callId, outcome.stdout);
  return finish(
    bytesResult(withinBudget(spec, callId, outcome.stdout), outcome.stderr, outcome.exitCode),
    parsed.params,
    { ...outcome, callId },
  );
}
