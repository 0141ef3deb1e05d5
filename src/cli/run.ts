import type { ScriptedTool } from "../scripted-tool.js";
import type { CliIo } from "./io.js";
import { readAll } from "./io.js";
import { traceText } from "./trace-text.js";

/** Options of `toolshell run`. */
export interface RunCommandOptions {
  /** Print the trace to stderr after the script's own output. */
  trace?: boolean;
  /** Print the whole ExecuteResult as JSON on stdout instead of the script's output. */
  json?: boolean;
  /** Wall time of the run in ms (default: the ScriptedTool's, 30 s). */
  timeoutMs?: number;
}

/** The script to run: the argument itself, or all of stdin when the argument is `-`. */
export function scriptFrom(argument: string, io: CliIo): Promise<string> {
  return argument === "-" ? readAll(io.stdin) : Promise.resolve(argument);
}

/**
 * Runs one script and prints what it printed (stdout to stdout, stderr to stderr), or with `json` the whole result
 * as JSON on stdout. Resolves to the script's exit code. Ctrl-C (SIGINT) aborts the run, which then ends with 130.
 * @example
 * process.exitCode = await runCommand(api, "get_user --id 42 | jq -r .name", { trace: true }, processIo());
 */
export async function runCommand(
  api: ScriptedTool,
  script: string,
  options: RunCommandOptions,
  io: CliIo,
): Promise<number> {
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once("SIGINT", interrupt);
  try {
    const result = await api.execute(script, { signal: controller.signal, timeoutMs: options.timeoutMs });
    if (options.json) {
      io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } else {
      io.stdout.write(result.stdout);
      io.stderr.write(result.stderr);
      if (options.trace) io.stderr.write(traceText(result));
    }
    return result.exitCode;
  } finally {
    process.off("SIGINT", interrupt);
  }
}
