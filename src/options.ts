/**
 * The options of a ScriptedTool and of one `execute()`, and their checks: an engineer's bad option throws at
 * construction (or at the call), with the option's name, before anything runs.
 */
import { ToolshellError } from "./errors.js";
import { DEFAULT_SCRATCH_BYTES } from "./limits.js";
import type { Policy } from "./registry/policy.js";
import type { OnCall } from "./registry/request.js";
import type { TelemetryOptions } from "./registry/telemetry.js";
import type { JsonSchema } from "./schema/json-schema.js";
import { PROMPT_LEVELS, type PromptLevel } from "./shell/prompt.js";
import type { StateStore } from "./store/store.js";
import type { BreakerOptions } from "./tool/resilience.js";
import type { NamelessTool, TypedToolDefinition } from "./tool/tool.js";

/** Limits of one run; every field is optional and has a sane default. */
export interface ExecutionLimitsOptions {
  /** Tool calls per run (default 1,000). */
  maxToolCalls?: number;
  /** Bytes of stdout, and of stderr, returned before cutting with a marker (default 1 MiB). */
  maxOutputBytes?: number;
  /** Iterations of any one loop (default 10,000). */
  maxLoopIterations?: number;
  /** Commands per run in all (default 100,000). */
  maxCommands?: number;
  /** Tool calls in flight at once within one run, e.g. under `parallel` or `xargs -P` (default 8). */
  maxConcurrency?: number;
  /** Bytes of tool output a run keeps for `out` (default 32 MiB); the oldest calls' outputs are dropped first. */
  maxKeptOutputBytes?: number;
}

/**
 * The `tools` option as an array: each element's callback gets params typed from its own `inputSchema`
 * (`Schemas` is inferred, one input schema type per element). Part of the public ScriptedToolOptions type.
 * @public
 */
export type ToolArray<Schemas extends readonly unknown[]> = {
  // biome-ignore lint/suspicious/noExplicitAny: any output schema (a defineTool() result keeps its own type).
  [K in keyof Schemas]: TypedToolDefinition<Schemas[K], any>;
};

/**
 * The `tools` option as an object of tools by name (the AI SDK's shape). Its numeric keys are `never` so that an
 * array literal is read as a ToolArray alone, whose elements then get their params' types. Part of the public
 * ScriptedToolOptions type.
 * @public
 */
export type ToolRecord = {
  readonly [name: string]: NamelessTool<Record<string, unknown>, unknown>;
  readonly [index: number]: never;
};

/** How much of each tool a system prompt shows: a level, or a budget of (estimated) tokens to choose it by. */
export interface PromptOptions {
  level?: PromptLevel;
  /** At most this many tokens (estimated, within ~10% of o200k's count); the smallest level if none fits. */
  maxTokens?: number;
}

/** Options of a ScriptedTool; `Schemas` is inferred from the `tools` array (see ToolArray). */
export interface ScriptedToolOptions<Schemas extends readonly unknown[] = readonly unknown[]> {
  /** The script tool's own name, as the model sees it. */
  name: string;
  /** A short description of what the tools are for. */
  description?: string;
  /**
   * The tools: an array of definitions, or an object of tools by name (the AI SDK's shape: each key is the tool's
   * name, so an AI SDK `tool()` value fits as it is).
   */
  tools?: ToolArray<Schemas> | ToolRecord;
  /** Variables the script sees (nothing of the host's environment is ever visible). */
  env?: Readonly<Record<string, string>>;
  /** Default wall time of a run in ms (default 30 s). */
  timeoutMs?: number;
  limits?: ExecutionLimitsOptions;
  /** "worker" (default): scripts run in a pool of worker threads, stoppable at any point. "inline": on the
   * caller's thread, lowest latency, for trusted scripts only (a CPU-bound script can block the host). */
  isolation?: "worker" | "inline";
  /** Worker threads in the pool (default: cores, at most 4; at least 1). */
  workers?: number;
  /** Heap of each worker in MiB (default 256, at least 32). */
  workerMemoryMb?: number;
  /**
   * Start a worker thread at construction and warm it (default true), so the first execute() does not pay the
   * thread's start-up and cold code (~0.2-0.3 s on an idle machine) and costs about what later ones do. The pool
   * is shared by every ScriptedTool with the same `workers` and `workerMemoryMb`, so it starts one thread in all
   * (more start as concurrent runs need them). That thread spends CPU at construction, in the background, running
   * a short internal script a few times (the shell, a few text tools, jq), then holds ~50 MiB of RSS until close().
   * A run that comes meanwhile takes it at once. It never keeps the process alive. Turn it off for a ScriptedTool
   * that may never run a script (a CLI listing tools, a test of definitions), or when construction must spend no
   * CPU or memory. With `isolation: "inline"` it starts loading the shell's code on this thread in the background
   * instead (what a worker loads in its own thread), so the first inline run does not wait for it.
   */
  prewarm?: boolean;
  /**
   * Hide what a callback's plain error says from the script (default true: the script sees only
   * `<tool>: callback failed`); false adds the error's first line (`<tool>: callback failed: <message>`). A
   * `ToolError`'s message is always shown: it is written for the model.
   */
  sanitizeErrors?: boolean;
  /**
   * How much of each tool systemPrompt() shows: a `level` ("full": usage lines, flag descriptions, output shapes and
   * examples; "usage": usage lines and descriptions; "compact": names and one-liners), or a `maxTokens` budget
   * (estimated) within which the richest level is chosen. Default: "usage" when it is no larger than the tools'
   * own JSON definitions would be, else "compact" ("full" only when asked for or within a budget given).
   */
  prompt?: PromptOptions;
  /** The older spelling of `prompt: { level: "compact" }`. */
  compactPrompt?: boolean;
  /**
   * Decides whether each tool call may run, before its callback does (after its params were validated). A denied
   * call prints `<tool>: denied: <reason>` and exits 126; see `askForDestructive` for the common case.
   */
  policy?: Policy;
  /**
   * Fail a tool call whose callback returned a value that does not match the tool's `outputSchema`: the command
   * prints nothing and exits 1, with `<tool>: returned output that does not match its outputSchema: <issue>` on
   * stderr (at most 5 issue lines). Default false: the call succeeds and the mismatch is only listed in its
   * trace entry's `outputIssues`.
   */
  strictOutput?: boolean;
  /**
   * A circuit breaker for every tool that does not set its own `breaker` (default: none): after `failures`
   * failed calls within `windowMs`, a tool answers `<tool>: temporarily unavailable (N recent failures)` with
   * exit 75 without running, until `cooldownMs` passes and one trial call succeeds.
   */
  breaker?: BreakerOptions;
  /**
   * Where the tools' rate limits and circuit breakers keep their state (default: this process's memory). A shared
   * store (`new RedisStore({ url, prefix })` from `toolshell/redis`) makes them hold across every process that uses
   * it with a ScriptedTool of the same `name`: a limit of 10 calls per second is 10 in all, and a circuit opened in
   * one process is open in the others. When the store fails, each tool's `onStoreError` decides
   * (README, "Running several replicas"). Closing the ScriptedTool does not close the store.
   */
  store?: StateStore;
  /**
   * Receives one record per tool call from every surface (scripts and `call()`), as the call ends, for audit logs
   * and metrics; an abandoned call gets a second record with `late` when its callback settles. Whatever the
   * hook throws or rejects with is ignored.
   */
  onCall?: OnCall;
  /**
   * OpenTelemetry: with `@opentelemetry/api` installed and a tracer provider registered (or an explicit
   * `tracer`), one `execute_tool <name>` span per execute() and a child span per tool call. `false` turns it off.
   */
  telemetry?: TelemetryOptions | false;
  /**
   * A per-run scratch space (default off: the shell has no filesystem). `true`, or `{ maxBytes }` (default
   * 16 MiB), gives each run an in-memory `/tmp`, empty at start and dropped when the run ends, never on the
   * host's disk: `> /tmp/f`, `tee`, `ls`, `mkdir`, `rm`, `mktemp` and process substitution work there, a write
   * past `maxBytes` (all files together) fails that command, and every path outside `/tmp` stays refused.
   */
  scratch?: boolean | { maxBytes?: number };
}

/** Per-run options of execute(). */
export interface ExecuteOptions<Context = unknown> {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Extra variables for this run only. */
  env?: Readonly<Record<string, string>>;
  /** Passed to every callback of this run as `ctx.context`. */
  context?: Context;
  /** Who the run is for: given to the policy and to every callback as `ctx.tenant`. */
  tenant?: string;
  /**
   * Plan mode: tools that are not read-only do not run; each such call is validated, recorded in `plannedCalls`
   * and answered with a placeholder (`{"planned":true,...}`), so a host can show the intended writes for one
   * approval, then run the script for real.
   */
  plan?: boolean;
  /** Receives this run's call records (after the ScriptedTool's `onCall`). */
  onCall?: OnCall;
  /** This run's scratch space, instead of the ScriptedTool's `scratch` (`false` turns it off). */
  scratch?: boolean | { maxBytes?: number };
}

/** The script tool's own definition, ready for any LLM API. */
export interface ScriptToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Options of `api.toolset()`. */
export interface ToolsetOptions {
  /** Also give `<name>_discover`, a read-only tool that lists, searches and explains the commands. */
  discovery?: boolean;
}

/** One definition of `api.toolset()`: the script tool (`kind: "script"`) or its discover tool (`"discover"`). */
export interface ToolsetDefinition extends ScriptToolDefinition {
  kind: "script" | "discover";
}

/** The discover tool's name beside a script tool named `scriptToolName`. */
export function discoverToolName(scriptToolName: string): string {
  return `${scriptToolName}_discover`;
}

/** What ends the script tool's description in discovery mode: where to find the commands' flags. */
export function discoveryPointer(discoverName: string): string {
  return `Find commands and read their flags and schemas with \`${discoverName}\`.`;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function checkedEnv(env: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env ?? {})) {
    if (!ENV_NAME.test(key) || typeof value !== "string") {
      throw new ToolshellError(
        "invalid_env",
        `env: ${JSON.stringify(key)} must be a shell variable name with a string value`,
      );
    }
    out[key] = value;
  }
  return out;
}

/** Checks an optional whole-number option against its minimum. */
export function atLeast(value: number | undefined, minimum: number, name: string): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < minimum) {
    throw new ToolshellError("invalid_option", `${name} must be a whole number of at least ${minimum}`);
  }
}

/** A `scratch` option as the run request carries it (undefined: no filesystem). */
export function scratchSetting(
  value: ScriptedToolOptions["scratch"],
  name: string,
): { maxBytes: number } | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { maxBytes: DEFAULT_SCRATCH_BYTES };
  if (typeof value !== "object" || value === null) {
    throw new ToolshellError("invalid_option", `${name} must be true, false or { maxBytes }`);
  }
  atLeast(value.maxBytes, 1, `${name}.maxBytes`);
  return { maxBytes: value.maxBytes ?? DEFAULT_SCRATCH_BYTES };
}

/** What `systemPrompt()` takes: a prompt choice for this call, and the name the model calls the tool by. */
export interface SystemPromptOptions extends PromptOptions {
  /** The name the model calls the script tool by, when it is not the ScriptedTool's (an MCP server's tool). */
  toolName?: string;
}

/** Checks a prompt choice: a known level, a whole number of tokens. */
export function checkPromptOptions(choice: PromptOptions): void {
  if (choice.level !== undefined && !(PROMPT_LEVELS as readonly string[]).includes(choice.level)) {
    throw new ToolshellError("invalid_option", 'prompt.level must be "full", "usage" or "compact"');
  }
  atLeast(choice.maxTokens, 1, "prompt.maxTokens");
}

export function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ToolshellError("invalid_option", `${name} must be a positive number`);
  }
  return Math.floor(value);
}
