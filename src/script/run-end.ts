// How a run's result is made from what it printed, the same for a run of the whole shell (run-script.ts) and for
// a lone tool call answered without it (lone-run.ts, decisions 0009 and 0041). Nothing here loads the interpreter.
import { closest } from "../issues/suggest.js";
import { ABSENT_COMMANDS } from "../shell/commands.js";
import { hideInternalNames } from "../shell/internal-names.js";
import { explainInterpreterStdout, explainInterpreterWording } from "../shell/interpreter-messages.js";
import { explainLimits } from "../shell/limit-messages.js";
import type { ShellRun } from "../shell/shell-run.js";
import { truncateOutput } from "../text/cut.js";
import type { ScriptRequest, ScriptResult } from "../worker/protocol.js";
import type { Stopper } from "./stop.js";

/**
 * What the shell printed on a stream, worded for the model: the guard's internal names as the script wrote them
 * (TM-LEAK-001), just-bash's limit lines in toolshell's terms (TM-LIM-002) and its embedder-facing wording (no
 * "browser environments", "sandboxed", "just-bash"). Every path out of a run passes here: a run's end, and the
 * copy a worker makes as each statement ends, which the host keeps when it has to terminate the worker.
 */
export function shown(stream: "stdout" | "stderr", text: string): string {
  const named = hideInternalNames(text);
  return stream === "stderr"
    ? explainInterpreterWording(explainLimits(named))
    : explainInterpreterStdout(named);
}

/** The names worth suggesting: the hidden ones our guard rewrites to stand for `help`. */
export function suggestable(names: ReadonlySet<string>): string[] {
  return [...[...names].filter((name) => !name.startsWith("__toolshell_")), "help"];
}

/** Adds "did you mean" to `command not found`, naming the closest tool or command. */
function suggestCommands(stderr: string, known: string[]): string {
  return stderr.replace(/^bash: (\S+): command not found$/gm, (line, name: string) => {
    if (ABSENT_COMMANDS.includes(name))
      return `${line} (this shell runs only its tools and text commands; see help)`;
    const suggestion = closest(name, known);
    return suggestion ? `${line} (did you mean ${suggestion}? see help)` : `${line} (see help)`;
  });
}

/** What a run printed and how it ended, as just-bash's exec returns it (stdout as text). */
export interface Executed {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * The run's result from what the shell printed: a stop's reason, `explainFiles` (what the run's filesystem says of
 * its refusals, for a run of the shell), budgets applied.
 */
export function ended(
  request: ScriptRequest,
  run: ShellRun,
  stopper: Stopper,
  executed: Executed,
  known: string[],
  explainFiles: (stderr: string) => string = (stderr) => stderr,
): ScriptResult {
  const stop = stopper.finish(executed.stderr, executed.exitCode, request.timeoutMs);
  const stdout = truncateOutput(shown("stdout", executed.stdout), request.limits.maxOutputBytes, "stdout");
  const stderr = truncateOutput(
    suggestCommands(explainFiles(shown("stderr", stop.stderr)), known),
    request.limits.maxOutputBytes,
    "stderr",
  );
  return {
    stdout: stdout.text,
    stderr: stderr.text,
    exitCode: stop.exitCode,
    trace: run.trace.steps,
    traceDropped: run.trace.dropped,
    truncated: stdout.cut || stderr.cut,
    ...(run.rejected.length > 0 ? { rejected: run.rejected } : {}),
  };
}
