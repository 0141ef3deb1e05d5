import { ToolshellError } from "./errors.js";
import {
  DEFAULT_MAX_COMMANDS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_LOOP_ITERATIONS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_TOOL_CALLS,
  DEFAULT_SCRATCH_BYTES,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WORKER_MEMORY_MB,
  MAX_KEPT_OUTPUT_BYTES,
  MAX_TIMEOUT_MS,
  MAX_TRACE_ENTRIES,
} from "./limits.js";
import { PlanRecorder } from "./registry/plan.js";
import type { Policy } from "./registry/policy.js";
import { type OnCall, Registry } from "./registry/registry.js";
import type { ToolStats } from "./registry/stats.js";
import { createTelemetry, type Telemetry, type TelemetryOptions } from "./registry/telemetry.js";
import { type CallOptions, type CallResult, callFromHost } from "./run/host-call.js";
import { type ExecuteResult, failedRun } from "./run/result.js";
import { type RunSetup, runInline, runIsolated } from "./run/run.js";
import type { JsonSchema } from "./schema/json-schema.js";
import { renderSystemPrompt } from "./shell/prompt.js";
import { shownBytes } from "./text/format.js";
import { untrustedNonce, wrapUntrusted } from "./text/untrusted.js";
import { type BreakerOptions, breakerSettings } from "./tool/resilience.js";
import { type NamelessTool, normalizeTool, type ToolDefinition, type ToolSpec } from "./tool/tool.js";
import type { CallRecord } from "./trace/trace.js";
import { type CatalogSnapshot, sharedPool } from "./worker/pool.js";
import type { RunLimits, RunOrder } from "./worker/protocol.js";

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

/** Options of a ScriptedTool. */
export interface ScriptedToolOptions {
  /** The script tool's own name, as the model sees it. */
  name: string;
  /** A short description of what the tools are for. */
  description?: string;
  /** The tools. An AI SDK `tool()` value fits too, given a name: `{ name: "search", ...searchTool }`. */
  tools?: readonly ToolDefinition[];
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
   * Hide what a callback's plain error says from the script (default true: the script sees only
   * `<tool>: callback failed`); false adds the error's first line (`<tool>: callback failed: <message>`). A
   * `ToolError`'s message is always shown: it is written for the model.
   */
  sanitizeErrors?: boolean;
  /** List only names and one-liners in systemPrompt() (for many tools). */
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

let nextCatalogId = 1;

/** Delimits a run's output when it called an untrusted tool (see `trust: "untrusted"`). */
function markUntrusted(result: ExecuteResult, records: ReadonlyMap<string, CallRecord>): ExecuteResult {
  const tools = new Set<string>();
  for (const record of records.values()) if (record.untrusted) tools.add(record.name);
  if (tools.size === 0) return result;
  const nonce = untrustedNonce();
  return {
    ...result,
    stdout: wrapUntrusted(result.stdout, nonce),
    stderr: wrapUntrusted(result.stderr, nonce),
    untrusted: { nonce, tools: [...tools] },
  };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkedEnv(env: Readonly<Record<string, string>> | undefined): Record<string, string> {
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

/** A worker needs this much heap to load the shell at all (it fails to start below ~16 MiB). */
const MIN_WORKER_MEMORY_MB = 32;

/** Checks an optional whole-number option against its minimum. */
function atLeast(value: number | undefined, minimum: number, name: string): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < minimum) {
    throw new ToolshellError("invalid_option", `${name} must be a whole number of at least ${minimum}`);
  }
}

/** A `scratch` option as the run request carries it (undefined: no filesystem). */
function scratchSetting(
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

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new ToolshellError("invalid_option", `${name} must be a positive number`);
  }
  return Math.floor(value);
}

/**
 * One script tool over many tools: each registered tool becomes a command in a sandboxed, logic-only bash
 * shell, so one model turn can compose many calls.
 * @example
 * const api = new ScriptedTool({ name: "api", tools: [{ name: "get_user", execute: ({ id }) => ({ id }) }] });
 * const r = await api.execute("get_user --id 42 | jq -r .id");
 */
export class ScriptedTool {
  readonly name: string;
  readonly description: string;
  private readonly registry: Registry;
  private readonly options: ScriptedToolOptions;
  private readonly limits: RunLimits;
  private readonly env: Record<string, string>;
  private readonly scratch: { maxBytes: number } | undefined;
  private catalog: CatalogSnapshot | undefined;
  /** Settles once OpenTelemetry is loaded or known to be absent; undefined when telemetry is off. */
  private telemetryLoading: Promise<void> | undefined;
  private telemetry: Telemetry | undefined;

  constructor(options: ScriptedToolOptions) {
    if (typeof options?.name !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(options.name)) {
      throw new ToolshellError("invalid_option", "name must be 1-64 letters, digits, '_' or '-'");
    }
    this.name = options.name;
    this.description = options.description ?? "";
    this.options = options;
    this.registry = new Registry({
      strictOutput: options.strictOutput === true,
      policy: options.policy,
      breaker: options.breaker === undefined ? undefined : breakerSettings(options.breaker, options.name),
      onCall: options.onCall,
    });
    if (options.telemetry !== false) {
      this.telemetryLoading = createTelemetry(options.telemetry ?? {}).then((telemetry) => {
        this.telemetry = telemetry;
        this.registry.telemetry = telemetry;
        this.telemetryLoading = undefined;
      });
    }
    this.env = checkedEnv(options.env);
    const limits = options.limits ?? {};
    this.limits = {
      maxToolCalls: positive(limits.maxToolCalls, DEFAULT_MAX_TOOL_CALLS, "limits.maxToolCalls"),
      maxOutputBytes: positive(limits.maxOutputBytes, DEFAULT_MAX_OUTPUT_BYTES, "limits.maxOutputBytes"),
      maxLoopIterations: positive(
        limits.maxLoopIterations,
        DEFAULT_MAX_LOOP_ITERATIONS,
        "limits.maxLoopIterations",
      ),
      maxCommands: positive(limits.maxCommands, DEFAULT_MAX_COMMANDS, "limits.maxCommands"),
      maxTraceEntries: MAX_TRACE_ENTRIES,
      maxConcurrency: positive(limits.maxConcurrency, DEFAULT_MAX_CONCURRENCY, "limits.maxConcurrency"),
      maxKeptOutputBytes: positive(
        limits.maxKeptOutputBytes,
        MAX_KEPT_OUTPUT_BYTES,
        "limits.maxKeptOutputBytes",
      ),
    };
    positive(options.timeoutMs, DEFAULT_TIMEOUT_MS, "timeoutMs");
    this.scratch = scratchSetting(options.scratch, "scratch");
    atLeast(options.workers, 1, "workers");
    atLeast(options.workerMemoryMb, MIN_WORKER_MEMORY_MB, "workerMemoryMb");
    for (const tool of options.tools ?? []) this.add(tool);
  }

  /** Registers a tool (or an AI SDK tool under a name); chainable. Throws on a duplicate name or a bad schema. */
  add(tool: ToolDefinition): this;
  add(name: string, tool: NamelessTool): this;
  add(toolOrName: ToolDefinition | string, named?: NamelessTool): this {
    const definition = typeof toolOrName === "string" ? { ...named, name: toolOrName } : toolOrName;
    this.registry.add(normalizeTool(definition as ToolDefinition));
    this.catalog = undefined;
    return this;
  }

  /**
   * Unregisters a tool; returns whether it was registered. Runs already under way keep the tools they started
   * with; the next execute() no longer has the command.
   */
  remove(name: string): boolean {
    const removed = this.registry.remove(name);
    if (removed) this.catalog = undefined;
    return removed;
  }

  /** The specs of the registered tools, in registration order. */
  tools(): ToolSpec[] {
    return this.currentCatalog().tools;
  }

  private currentCatalog(): CatalogSnapshot {
    this.catalog ??= { id: nextCatalogId++, tools: this.registry.all().map((tool) => tool.spec) };
    return this.catalog;
  }

  /** Runs a script. Never throws for anything the script does: errors come back as stderr and an exit code. */
  async execute<Context = unknown>(
    script: string,
    options: ExecuteOptions<Context> = {},
  ): Promise<ExecuteResult> {
    if (typeof script !== "string") {
      return failedRun("toolshell: the script must be a string\n", 2);
    }
    const timeoutMs = Math.min(
      positive(options.timeoutMs, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "timeoutMs"),
      MAX_TIMEOUT_MS,
    );
    const scratch =
      options.scratch === undefined ? this.scratch : scratchSetting(options.scratch, "options.scratch");
    const request: RunOrder = {
      script,
      env: { ...this.env, ...checkedEnv(options.env) },
      limits: this.limits,
      timeoutMs,
      sanitizeErrors: this.options.sanitizeErrors ?? true,
      ...(scratch ? { scratch } : {}),
    };
    if (this.telemetryLoading) await this.telemetryLoading;
    const span = this.telemetry?.startRun(this.name, script);
    const records = new Map<string, CallRecord>();
    const setup: RunSetup = {
      request,
      registry: this.registry,
      catalog: this.currentCatalog(),
      signal: options.signal,
      context: options.context,
      tenant: options.tenant,
      plan: options.plan ? new PlanRecorder() : undefined,
      span,
      onCall: options.onCall,
      records,
    };
    const pool =
      this.options.isolation === "inline"
        ? undefined
        : sharedPool(this.options.workers, this.options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB);
    // The trace comes back whole: the host made the entries of the calls it answered (ADR 0034).
    const { rejected, ...ran } = await (pool ? runIsolated(setup, pool) : runInline(setup));
    if (rejected) this.registry.rejected(rejected, setup);
    const planned = setup.plan ? { ...ran, plannedCalls: setup.plan.calls } : ran;
    const result = markUntrusted(planned, records);
    if (span) {
      this.telemetry?.endRun(span, { exitCode: result.exitCode, stdout: result.stdout, calls: records.size });
    }
    return result;
  }

  /**
   * Calls one tool directly from host code, through the same path a script's call takes (strict validation,
   * policy with surface "host", deadline, callback, output check). Never throws: failures are typed values.
   * @example
   * const r = await api.call("get_user", { id: 42 });
   * if (r.ok) console.log(r.value); else console.error(r.error.code, r.error.message);
   */
  call<Context = unknown>(
    name: string,
    params: unknown = {},
    options: CallOptions<Context> = {},
  ): Promise<CallResult> {
    const sanitize = this.options.sanitizeErrors ?? true;
    if (!this.telemetryLoading) return callFromHost(this.registry, name, params, options, sanitize);
    return this.telemetryLoading.then(() => callFromHost(this.registry, name, params, options, sanitize));
  }

  /**
   * Per-tool figures over each tool's last 1,000 calls from every surface: calls, errors, errorRate, latency
   * percentiles (p50/p90/p99 ms), calls by outcome, and late results.
   * @example
   * const { get_user } = api.stats(); if (get_user && get_user.errorRate > 0.5) alert(get_user.byOutcome);
   */
  stats(): Record<string, ToolStats> {
    return this.registry.statistics();
  }

  /** Markdown a model can use cold: the commands, how to pass arguments, what the shell can and cannot do. */
  systemPrompt(): string {
    return renderSystemPrompt(
      this.name,
      this.description,
      this.tools(),
      this.options.compactPrompt ?? false,
      this.scratch?.maxBytes,
    );
  }

  /** The script tool's own definition (`{ commands: string }` input), ready to hand to any LLM API. */
  definition(): ScriptToolDefinition {
    const names = this.tools().map((tool) => tool.name);
    const shown = names.slice(0, 12).join(", ") + (names.length > 12 ? `, ... (${names.length} in all)` : "");
    const purpose = this.description ? `${this.description}. ` : "";
    return {
      name: this.name,
      description:
        `${purpose}Runs a bash script in which each tool is a command (${shown}). Compose calls with pipes, ` +
        "variables, loops and jq in one script; print what you need. Run `help` or `help <tool>` for flags. " +
        (this.scratch
          ? `No network; /tmp is a per-run scratch space of ${shownBytes(this.scratch.maxBytes)}, empty at the ` +
            "start and discarded after the run."
          : "No filesystem or network."),
      inputSchema: {
        type: "object",
        properties: { commands: { type: "string", description: "The bash script to run." } },
        required: ["commands"],
        additionalProperties: false,
      },
    };
  }

  /**
   * Stops the worker threads this tool runs on. They are shared with other ScriptedTools of the same pool
   * settings, never keep the process alive, and are started again by the next execute().
   */
  async close(): Promise<void> {
    if (this.options.isolation === "inline") return;
    await sharedPool(this.options.workers, this.options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB).close();
  }
}
