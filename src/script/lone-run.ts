// A script that is one tool call, answered without the interpreter (decisions 0009 and 0041): the tool's command
// body runs directly and the run ends as a run of the shell does. Nothing here loads the interpreter, so the host
// can answer such a script on its own thread in worker mode (plain-call.ts says which scripts qualify there).
import type { ByteString } from "#just-bash";
import { stdoutText } from "../../builtins/common.js";
import { callTool } from "../../builtins/tool-command.js";
import type { ShellCatalog } from "../shell/catalog.js";
import type { LoneToolCall } from "../shell/plain-call.js";
import { type HostCaller, ShellRun } from "../shell/shell-run.js";
import type { ScriptRequest, ScriptResult } from "../worker/protocol.js";
import { ended } from "./run-end.js";
import { Stopper, type StopSources } from "./stop.js";

/** Nothing piped in: the lone call's stdin, as just-bash hands it to a command. */
const NO_STDIN = "" as unknown as ByteString;

/** Runs a lone tool call: the tool's command with its words and an empty stdin, ended as a run of the shell. */
export async function runLoneCall(
  request: ScriptRequest,
  catalog: ShellCatalog,
  lone: LoneToolCall,
  callHost: HostCaller,
  stop: Omit<StopSources, "deadline">,
  runId: number,
): Promise<ScriptResult> {
  const run = new ShellRun(catalog, callHost, request.limits, runId);
  const stopper = new Stopper({ ...stop, deadline: request.deadline });
  const called = await callTool(lone.spec, run, lone.argv, NO_STDIN);
  const executed = { stdout: stdoutText(called), stderr: called.stderr, exitCode: called.exitCode };
  return ended(request, run, stopper, executed, catalog.names);
}
