import { Bash, type BashOptions, type Command, ExecutionOutputAccumulator } from "#just-bash";
import { builtinCommands, lastJobId, toolCommand, unreportedJobs } from "../../builtins/index.js";
import {
  MAX_AWK_ITERATIONS,
  MAX_PIPE_BYTES,
  MAX_SED_ITERATIONS,
  MAX_SHELL_LIST_ITEMS,
  MAX_SHELL_WORK_UNITS,
} from "../limits.js";
import type { ShellCatalog } from "../shell/catalog.js";
import {
  DIRECT_TRANSFORM_COMMANDS,
  DIRECT_WRAPPED_COMMANDS,
  directlyWrapped,
  explainRefusals,
  FILE_COMMANDS,
  REFUSING_COMMANDS,
  SCRATCH_COMMANDS,
  SCRATCH_REFUSING_COMMANDS,
  TRANSFORM_COMMANDS,
  WRAPPED_COMMANDS,
} from "../shell/commands.js";
import { ownLimits, releaseDiscardedOutput } from "../shell/discarded-output.js";
import { RefusingFileSystem } from "../shell/filesystem.js";
import { scratchGuard, scriptGuard } from "../shell/guard.js";
import { explainScratch, ScratchFileSystem } from "../shell/scratch.js";
import { type HostCaller, ShellRun } from "../shell/shell-run.js";
import { loneToolCall } from "../shell/simple-command.js";
import type { ScriptRequest, ScriptResult } from "../worker/protocol.js";
import { OutputSink, readStream, streamBuffer } from "../worker/shared-memory.js";
import { SHELL_COMMAND_NAMES } from "./command-names.js";
import { runLoneCall } from "./lone-run.js";
import { hookScriptOutput, statementBoundaries, streamTo } from "./output-stream.js";
import { ended, shown, suggestable } from "./run-end.js";
import { Stopper, type StopSources } from "./stop.js";

/** The shell's fixed environment: nothing of the host's. */
const BASE_ENV: Readonly<Record<string, string>> = {
  HOME: "/",
  PATH: "/usr/bin:/bin",
  TZ: "UTC",
  LANG: "C.UTF-8",
};

/** The worker's copy of each statement's output, worded as the run's own result is. */
class ShownOutputSink extends OutputSink {
  override note(stream: "stdout" | "stderr", chunk: string, kind: string | undefined): void {
    super.note(stream, shown(stream, chunk), kind);
  }
}

/** The interpreter's hook for `$!` (patch 0604): what it reads, instead of a pid just-bash never sets. */
interface LastJobOption {
  lastBackgroundPid: () => string;
}

/**
 * just-bash's own registration of its bundled commands (private in the pinned 3.4.2). With `directContext` (patch
 * 1700) the interpreter hands the command its context object itself instead of a revocable copy raced against a
 * per-command deadline (~40% of a tool call's dispatch in a loop): our commands are trusted code that never uses
 * its context after returning, and the run's deadline and abort are enforced around the whole run (Stopper, the
 * worker's termination).
 */
interface DirectRegistration {
  registerBundledCommand(command: Command & { directContext?: boolean }): void;
  /** The registered commands by name (just-bash's own field). */
  readonly commands: ReadonlyMap<string, Command>;
}

/**
 * just-bash dispatches a command registered as an extension (`customCommands`) through an extra wrapper that
 * rebuilds its execution budget object on every call (~25% of a tool call's dispatch). Our own commands need
 * nothing from that wrapper (they never call `origCommand`), so they are registered the way just-bash registers
 * its bundled commands, when that private method is there; else as custom commands.
 */
function registersDirectly(): boolean {
  return (
    typeof (Bash.prototype as unknown as Partial<DirectRegistration>).registerBundledCommand === "function"
  );
}

/**
 * Registers again, with `directContext`, those of just-bash's text transforms the shell has that hold nothing of
 * their context past their return (DIRECT_TRANSFORM_COMMANDS; 0040, amended): a revocable copy of the context
 * for each `echo` or `tr` was a third of a short command's dispatch. printf and paste too, with their help
 * around them (DIRECT_WRAPPED_COMMANDS), on a Bash made without their custom wrappers (customWrappers). Returns
 * the names it found; needs registersDirectly().
 */
export function directTransforms(bash: Bash): string[] {
  const registry = bash as unknown as DirectRegistration;
  const found: string[] = [];
  for (const name of [...DIRECT_TRANSFORM_COMMANDS, ...DIRECT_WRAPPED_COMMANDS]) {
    const bundled = registry.commands.get(name);
    if (!bundled) continue;
    // The wrapped ones with their help around them (the Bash was made without their custom wrappers).
    registry.registerBundledCommand(
      DIRECT_WRAPPED_COMMANDS.has(name) ? directlyWrapped(bundled) : { ...bundled, directContext: true },
    );
    found.push(name);
  }
  return found;
}

/** The wrappers a run's command table registers as custom commands: all but those directTransforms registers. */
function customWrappers(): Command[] {
  return WRAPPED_COMMANDS.filter((command) => !DIRECT_WRAPPED_COMMANDS.has(command.name));
}

/** The names every run's shell answers to besides its builtins and tools: its text, file and wrapped commands. */
const STATIC_NAMES: readonly string[] = [
  ...TRANSFORM_COMMANDS,
  ...FILE_COMMANDS,
  ...WRAPPED_COMMANDS.map((command) => command.name),
];

/** Every name the shell answers to with these commands registered: its text commands, the wrapped ones, these. */
function commandNames(request: ScriptRequest, commands: readonly Command[]): Set<string> {
  // The file commands are shell commands with or without scratch (kept from just-bash, or refusing).
  const names = new Set<string>(STATIC_NAMES);
  for (const command of [...refusingCommands(request), ...commands]) names.add(command.name);
  return names;
}

function refusingCommands(request: ScriptRequest): readonly Command[] {
  return request.scratch ? SCRATCH_REFUSING_COMMANDS : REFUSING_COMMANDS;
}

/** The options of a run's Bash that come from its request; buildShell adds those bound to the run. */
function shellOptions(request: ScriptRequest, filesystem: RefusingFileSystem, direct: boolean): BashOptions {
  return {
    fs: filesystem,
    cwd: "/",
    env: { ...BASE_ENV, ...request.env },
    // With direct registration, the run starts from its kind's command table instead (commandTable).
    commands: direct ? [] : bundledCommands(request.scratch !== undefined),
    customCommands: direct ? [] : [...WRAPPED_COMMANDS, ...refusingCommands(request)],
    defenseInDepth: false,
    executionLimitProfile: "hardened",
    executionLimits: {
      maxExecutionTimeMs: Number.POSITIVE_INFINITY,
      maxLoopIterations: request.limits.maxLoopIterations,
      maxCommandCount: request.limits.maxCommands,
      maxOutputSize: Math.max(MAX_PIPE_BYTES * 2, request.limits.maxOutputBytes * 2),
      // TM-LIM-002: the hardened profile's 10,000 awk records, 10,000 brace expansion words ({1..20000}) and
      // 100,000 list items broke ordinary data work. (just-bash caps brace expansion work at 100,000 itself.)
      maxArrayElements: MAX_SHELL_LIST_ITEMS,
      maxBraceExpansionResults: MAX_SHELL_LIST_ITEMS,
      maxWorkUnits: MAX_SHELL_WORK_UNITS,
      maxAwkIterations: MAX_AWK_ITERATIONS,
      maxSedIterations: MAX_SED_ITERATIONS,
    },
  };
}

function bundledCommands(scratch: boolean): NonNullable<BashOptions["commands"]> {
  return scratch ? [...TRANSFORM_COMMANDS, ...SCRATCH_COMMANDS] : [...TRANSFORM_COMMANDS];
}

/** Per kind of run (with a scratch space or not): the table of registered commands its shell starts from. */
const commandTables = new Map<boolean, ReadonlyMap<string, unknown>>();

/**
 * The registered commands every run of a kind has, made once per thread instead of for each run (~150
 * registrations, most of building a run's shell; 0052): just-bash's text commands (those of
 * DIRECT_TRANSFORM_COMMANDS taking their context directly), the wrappers, the refusing commands. Each entry is
 * just-bash's registration of a command built once and shared by runs (its name, flags and a call of the
 * command): it holds nothing of a run. A run's own commands, its builtins and tools, are registered over it, so a
 * tool named as a text command replaces it. Needs registersDirectly().
 */
function commandTable(scratch: boolean): ReadonlyMap<string, unknown> {
  let table = commandTables.get(scratch);
  if (!table) {
    const bash = new Bash({
      fs: new RefusingFileSystem(),
      cwd: "/",
      commands: bundledCommands(scratch),
      customCommands: customWrappers(),
      defenseInDepth: false,
    });
    const register = (bash as unknown as DirectRegistration).registerBundledCommand;
    for (const command of scratch ? SCRATCH_REFUSING_COMMANDS : REFUSING_COMMANDS) {
      register.call(bash, { ...command, directContext: true });
    }
    directTransforms(bash);
    table = new Map((bash as unknown as DirectRegistration).commands);
    commandTables.set(scratch, table);
  }
  return table;
}

function buildShell(
  request: ScriptRequest,
  run: ShellRun,
  filesystem: RefusingFileSystem,
  stopper: Stopper,
): { bash: Bash; names: ReadonlySet<string> } {
  const tools = [...run.catalog.tools.values()].map((spec) => toolCommand(spec, run));
  const own = [...builtinCommands(request, run, stopper.commandSignal), ...tools];
  // Derived from what is registered, so the filesystem confirms exactly these names.
  const names = commandNames(request, own);
  filesystem.commands = names;
  const direct = registersDirectly();
  const options: BashOptions & LastJobOption = {
    ...shellOptions(request, filesystem, direct),
    lastBackgroundPid: lastJobId(run),
    // The Stopper ends the run at its deadline (keeping its output) and ends `sleep` early. No wall-time limit
    // for just-bash: a finite one costs a timer per command, and when it fires the output is lost.
    sleep: stopper.sleep,
  };
  if (!direct) options.customCommands = [...(options.customCommands ?? []), ...own];
  const bash = new Bash(options);
  if (direct) {
    const registry = bash as unknown as DirectRegistration;
    const commands = registry.commands as Map<string, unknown>;
    for (const [name, entry] of commandTable(request.scratch !== undefined)) commands.set(name, entry);
    // Patch 1700: our commands take the interpreter's context as it is, not a revocable copy of it.
    for (const command of own) registry.registerBundledCommand({ ...command, directContext: true });
  }
  bash.registerTransformPlugin(request.scratch ? scratchGuard : scriptGuard);
  ownLimits(bash);
  return { bash, names };
}

let streaming: Promise<boolean> | undefined;

/**
 * Hooks just-bash's output accumulator on this thread, once, and proves on a probe script that top-level output
 * then reaches an {@link OutputSink} as each statement ends. False (nothing hooked) if just-bash's shape changed.
 * A worker calls it as it starts; a run that streams awaits it.
 */
export function canStream(): Promise<boolean> {
  streaming ??= (async () => {
    try {
      // just-bash does not export its output accumulator; the interpreter toolshell builds does
      // (scripts/interpreter/shared.mjs, BUNDLE_FILES). A changed shape fails the probe and nothing is hooked.
      const undo = hookScriptOutput(ExecutionOutputAccumulator as unknown as { prototype?: unknown });
      if (!undo) return false;
      const buffer = streamBuffer();
      const sink = new OutputSink(buffer);
      const bash = new Bash({ commands: ["echo"], defenseInDepth: false });
      bash.registerTransformPlugin(statementBoundaries(sink));
      streamTo(sink);
      try {
        await bash.exec("echo a; x=$(echo no); echo b");
      } finally {
        streamTo(undefined);
      }
      if (readStream(buffer).stdout === "a\nb\n") return true;
      undo();
      return false;
    } catch {
      return false;
    }
  })();
  return streaming;
}

/**
 * Runs one script in a fresh, logic-only shell. Used inside a worker (the default) and on the caller's thread
 * (`isolation: "inline"`); either way nothing survives into the next run.
 */
export async function runScript(
  request: ScriptRequest,
  catalog: ShellCatalog,
  callHost: HostCaller,
  stop: Omit<StopSources, "deadline">,
  runId: number,
  /** In a worker: where top-level output is copied as it is printed, for the host to keep on a hard kill. */
  output?: SharedArrayBuffer,
): Promise<ScriptResult> {
  const lone = loneToolCall(request.script, catalog, SHELL_COMMAND_NAMES);
  if (lone) return runLoneCall(request, catalog, lone, callHost, stop, runId);
  const run = new ShellRun(catalog, callHost, request.limits, runId);
  // TM-FS-002: a scratch space is made for this run alone and dropped with it.
  const filesystem = request.scratch
    ? new ScratchFileSystem(request.scratch.maxBytes)
    : new RefusingFileSystem();
  const stopper = new Stopper({ ...stop, deadline: request.deadline });
  await releaseDiscardedOutput();
  const { bash, names } = buildShell(request, run, filesystem, stopper);
  stopper.attach(bash);
  run.startJob = (text, variables) =>
    bash.exec(text, { env: variables, signal: stopper.signal, rawScript: true });
  const sink = output && (await canStream()) ? new ShownOutputSink(output) : undefined;
  if (sink) bash.registerTransformPlugin(statementBoundaries(sink));
  streamTo(sink);
  let main: Awaited<ReturnType<Bash["exec"]>>;
  try {
    main = await bash.exec(request.script, { signal: stopper.signal, rawScript: true });
  } finally {
    streamTo(undefined);
  }
  const late = await unreportedJobs(run);
  const executed = { ...main, stdout: main.stdout + late.stdout, stderr: main.stderr + late.stderr };
  const explainFiles = (stderr: string) => explainRefusals(explainFull(stderr, filesystem), filesystem);
  return ended(request, run, stopper, executed, suggestable(names), explainFiles);
}

/** With a scratch space: the lines of writes that found it full say so, with its cap (TM-FS-002). */
function explainFull(stderr: string, filesystem: RefusingFileSystem): string {
  return filesystem instanceof ScratchFileSystem ? explainScratch(stderr, filesystem) : stderr;
}
