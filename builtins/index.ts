/**
 * The shell's own commands, in one list (as just-bash's `commands/registry.ts` lists its own): every command
 * toolshell adds to the interpreter besides the tools, one file each in this folder. The script runner
 * (src/script/run-script.ts) registers them with the sandbox's refusing commands and one command per tool.
 */
import type { Command } from "#just-bash";
import { MAX_PIPE_BYTES } from "../src/limits.js";
import type { ShellRun } from "../src/shell/shell-run.js";
import type { ScriptRequest } from "../src/worker/protocol.js";
import { createBcCommand } from "./bc.js";
import { discoverCommand } from "./discover.js";
import { helpCommand } from "./help.js";
import { backgroundCommand, waitCommand } from "./jobs.js";
import { createJqCommand } from "./jq.js";
import { mktempCommand } from "./mktemp.js";
import { outCommand } from "./out.js";
import { parallelCommand } from "./parallel.js";

export { lastJobId, unreportedJobs } from "./jobs.js";
export { toolCommand } from "./tool-command.js";

/** The shell's own commands for one run; `signal` aborts when the run is stopped (jq and bc listen to it). */
export function builtinCommands(request: ScriptRequest, run: ShellRun, signal: AbortSignal): Command[] {
  const jq = createJqCommand({
    deadline: request.deadline,
    signal,
    maxOutputBytes: MAX_PIPE_BYTES,
    readFiles: request.scratch !== undefined,
  });
  const bc = createBcCommand({ deadline: request.deadline, signal, maxOutputBytes: MAX_PIPE_BYTES });
  return [
    ...(request.scratch ? [mktempCommand] : []),
    jq,
    bc,
    parallelCommand,
    outCommand(run),
    backgroundCommand(run),
    waitCommand(run),
    helpCommand(run),
    discoverCommand(run),
  ];
}
