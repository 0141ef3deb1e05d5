import { Bash } from "just-bash";
import { discoverCommand } from "../../builtins/discover.js";
import { helpCommand } from "../../builtins/help.js";
import { backgroundCommand, unreportedJobs, waitCommand } from "../../builtins/jobs.js";
import { createJqCommand } from "../../builtins/jq.js";
import { outCommand } from "../../builtins/out.js";
import { parallelCommand } from "../../builtins/parallel.js";
import { toolCommand } from "../../builtins/tool-command.js";
import { cutMiddle } from "../budget.js";
import { MAX_PIPE_BYTES } from "../limits.js";
import type { RunRequest, RunResult } from "../protocol.js";
import { closest } from "../suggest.js";
import type { ShellCatalog } from "./catalog.js";
import { ABSENT_COMMANDS, explainRefusals, SHELL_COMMANDS, TRANSFORM_COMMANDS } from "./commands.js";
import { RefusingFileSystem } from "./filesystem.js";
import { scriptGuard } from "./guard.js";
import { RunContext, type ToolInvoker } from "./run-context.js";
import { Stopper, type StopSources } from "./stop.js";

/** The shell's fixed environment: nothing of the host's. */
const BASE_ENV: Readonly<Record<string, string>> = {
  HOME: "/",
  PATH: "/usr/bin:/bin",
  TZ: "UTC",
  LANG: "C.UTF-8",
};

/** What leaves the run is cut to the budget around a marker; pipes inside the run are never cut. */
function truncate(text: string, limit: number, stream: string): { text: string; cut: boolean } {
  const { text: kept, cut } = cutMiddle(
    text,
    limit,
    (bytes) =>
      `[toolshell: ${bytes} bytes cut from the middle of ${stream} (budget ${limit} bytes); ` +
      "print less: filter with jq, head or grep, or page a tool's output with `out`]",
  );
  return { text: kept, cut: cut > 0 };
}

/** The names worth suggesting: the hidden ones our guard rewrites to stand for `help`. */
function suggestable(names: ReadonlySet<string>): string[] {
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

function buildShell(
  request: RunRequest,
  run: RunContext,
  filesystem: RefusingFileSystem,
  stopper: Stopper,
): { bash: Bash; names: ReadonlySet<string> } {
  const jq = createJqCommand({
    deadline: request.deadline,
    signal: stopper.commandSignal,
    maxOutputBytes: MAX_PIPE_BYTES,
  });
  const tools = [...run.catalog.tools.values()].map((spec) => toolCommand(spec, run));
  // A backstop only: the Stopper ends the run at the deadline itself, keeping its output.
  const backstopMs = Math.max(1, request.deadline - Date.now()) + 1_000;
  const customCommands = [
    ...SHELL_COMMANDS,
    jq,
    parallelCommand,
    outCommand(run),
    backgroundCommand(run),
    waitCommand(run),
    helpCommand(run),
    discoverCommand(run),
    ...tools,
  ];
  // Every name the shell answers to, derived from what is registered, so the filesystem confirms exactly these.
  const names = new Set<string>([...TRANSFORM_COMMANDS, ...customCommands.map((command) => command.name)]);
  filesystem.commands = names;
  const bash = new Bash({
    fs: filesystem,
    cwd: "/",
    env: { ...BASE_ENV, ...request.env },
    commands: [...TRANSFORM_COMMANDS],
    customCommands,
    defenseInDepth: false,
    executionLimitProfile: "hardened",
    executionLimits: {
      maxExecutionTimeMs: backstopMs,
      maxLoopIterations: request.limits.maxLoopIterations,
      maxCommandCount: request.limits.maxCommands,
      maxOutputSize: Math.max(MAX_PIPE_BYTES * 2, request.limits.maxOutputBytes * 2),
    },
  });
  bash.registerTransformPlugin(scriptGuard);
  return { bash, names };
}

/**
 * Runs one script in a fresh, logic-only shell. Used inside a worker (the default) and on the caller's thread
 * (`isolation: "inline"`); either way nothing survives into the next run.
 */
export async function runScript(
  request: RunRequest,
  catalog: ShellCatalog,
  invoke: ToolInvoker,
  stop: Omit<StopSources, "deadline">,
  runId: number,
): Promise<RunResult> {
  const run = new RunContext(catalog, invoke, request.limits, runId);
  const filesystem = new RefusingFileSystem();
  const stopper = new Stopper({ ...stop, deadline: request.deadline });
  const { bash, names } = buildShell(request, run, filesystem, stopper);
  stopper.attach(bash);
  run.startJob = (text, variables) =>
    bash.exec(text, { env: variables, signal: stopper.signal, rawScript: true });
  const main = await bash.exec(request.script, { signal: stopper.signal, rawScript: true });
  const late = await unreportedJobs(run);
  const executed = { ...main, stdout: main.stdout + late.stdout, stderr: main.stderr + late.stderr };
  const ended = stopper.finish(executed.stderr, executed.exitCode, request.timeoutMs);
  const stdout = truncate(executed.stdout, request.limits.maxOutputBytes, "stdout");
  const stderr = truncate(
    suggestCommands(explainRefusals(ended.stderr, filesystem), suggestable(names)),
    request.limits.maxOutputBytes,
    "stderr",
  );
  return {
    stdout: stdout.text,
    stderr: stderr.text,
    exitCode: ended.exitCode,
    trace: run.trace.entries,
    traceDropped: run.trace.dropped,
    truncated: stdout.cut || stderr.cut,
  };
}
