import {
  answerDiscover,
  DISCOVER_INPUT_SCHEMA,
  type DiscoverAnswer,
  discoverDescription,
  parseDiscoverQuery,
} from "../builtins/discover-answer.js";
import { ToolshellError } from "./errors.js";
import {
  DEFAULT_MAX_COMMANDS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_LOOP_ITERATIONS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_TOOL_CALLS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WORKER_MEMORY_MB,
  MAX_KEPT_OUTPUT_BYTES,
  MAX_TIMEOUT_MS,
  MAX_TRACE_ENTRIES,
  MIN_WORKER_MEMORY_MB,
} from "./limits.js";
import {
  atLeast,
  checkedEnv,
  checkPromptOptions,
  discoverToolName,
  discoveryPointer,
  type ExecuteOptions,
  positive,
  type ScriptedToolOptions,
  type ScriptToolDefinition,
  type SystemPromptOptions,
  scratchSetting,
  type ToolsetDefinition,
  type ToolsetOptions,
} from "./options.js";
import { PlanRecorder } from "./registry/plan.js";
import { Registry } from "./registry/registry.js";
import type { ToolStats } from "./registry/stats.js";
import { createTelemetry, type Telemetry } from "./registry/telemetry.js";
import { closeAttached } from "./run/attached.js";
import { type CallOptions, type CallResult, callFromHost } from "./run/host-call.js";
import { type ExecuteResult, failedRun } from "./run/result.js";
import { loadInlineShell, loadLoneRun, type RunSetup, runInline, runInWorker } from "./run/supervise.js";
import { SHELL_ANSWERED, WORKING_COMMAND_NAMES } from "./script/command-names.js";
import { systemPromptFor } from "./shell/prompt.js";
import { shownBytes } from "./text/sizes.js";
import { untrustedNonce, wrapUntrusted } from "./text/untrusted.js";
import { breakerSettings } from "./tool/resilience.js";
import {
  type NamelessTool,
  normalizeTool,
  type ToolDefinition,
  type ToolSpec,
  type TypedToolDefinition,
} from "./tool/tool.js";
import type { CallRecord } from "./trace/trace.js";
import { type CatalogSnapshot, sharedPool, type WorkerPool } from "./worker/pool.js";
import type { RunLimits, ScriptOrder } from "./worker/protocol.js";

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

/**
 * One script tool over many tools: each registered tool becomes a command in a sandboxed, logic-only bash
 * shell, so one model turn can compose many calls.
 * @example
 * const api = new ScriptedTool({ name: "api", tools: [{ name: "get_user", execute: ({ id }) => ({ id }) }] });
 * const r = await api.execute("get_user --id 42 | jq -r .id");
 */
/**
 * Issue 16, item 7: a tool named like something the shell answers is a mistake that used to pass silently. Under a
 * word the shell answers itself the tool could never be called; under one of the shell's commands it replaces the
 * command, which only a tool that says so (`replacesCommand: true`) may do.
 */
function refuseShadowing(name: string, replaces: boolean): void {
  if (SHELL_ANSWERED.has(name)) {
    throw new ToolshellError(
      "invalid_tool_name",
      `${name}: the shell answers ${name} itself (a bash reserved word or builtin, or toolshell's help), so a tool of this name could never be called; name it otherwise`,
    );
  }
  if (!replaces && WORKING_COMMAND_NAMES.has(name)) {
    throw new ToolshellError(
      "invalid_tool_name",
      `${name}: a tool of this name would replace the shell's own ${name} command; name it otherwise, or set replacesCommand: true on it if that is what you mean`,
    );
  }
}

/** The `tools` option as a list: an array as it is, an object of tools by name (the AI SDK's shape) by its keys. */
function toolList(tools: ScriptedToolOptions["tools"]): ToolDefinition[] {
  if (tools === undefined) return [];
  if (Array.isArray(tools)) return [...tools];
  if (typeof tools !== "object" || tools === null) {
    throw new ToolshellError(
      "invalid_tool",
      "tools must be an array of tool definitions or an object of tools by name",
    );
  }
  return Object.entries(tools).map(([key, tool]) => {
    const own = (tool as { name?: unknown } | null)?.name;
    if (own !== undefined && own !== key) {
      throw new ToolshellError(
        "invalid_tool",
        `tools.${key}: its name is ${JSON.stringify(own)}; the key is the name (drop name, or use the same)`,
      );
    }
    return { ...(tool as object), name: key } as ToolDefinition;
  });
}

/**
 * One script tool over many tools. `Schemas` is inferred from the `tools` array (each element's input schema type),
 * so each callback's params are typed; it says nothing at run time.
 */
export class ScriptedTool<const Schemas extends readonly unknown[] = readonly unknown[]> {
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

  constructor(options: ScriptedToolOptions<Schemas>) {
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
      store: options.store,
      storeKey: options.name,
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
    if (options.prompt !== undefined) checkPromptOptions(options.prompt);
    atLeast(options.workers, 1, "workers");
    atLeast(options.workerMemoryMb, MIN_WORKER_MEMORY_MB, "workerMemoryMb");
    for (const tool of toolList(options.tools)) this.add(tool);
    // ADR 0038: the first execute() finds a worker started and warm (the shared pool starts one in all), and the
    // few modules that answer a lone tool call on this thread loaded (0041); an inline tool's first execute() finds
    // the shell loaded. A failed load is the first run's to report.
    if (options.prewarm !== false) {
      // On the next turn of the event loop, not in the constructor: Node 22+ reads and links a dynamic import's
      // files synchronously, which made a construct on Node 24 take ~60 ms instead of ~10.
      const load = options.isolation === "inline" ? loadInlineShell : loadLoneRun;
      setImmediate(() => load().catch(() => {}));
      if (options.isolation !== "inline") this.pool().prewarm();
    }
  }

  /** The shared pool of this tool's settings (worker mode). */
  private pool(): WorkerPool {
    return sharedPool(this.options.workers, this.options.workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB);
  }

  /** Registers a tool (or an AI SDK tool under a name); chainable. Throws on a duplicate name or a bad schema. */
  add<const Input = undefined, const Output = undefined>(tool: TypedToolDefinition<Input, Output>): this;
  add(name: string, tool: NamelessTool): this;
  add(toolOrName: ToolDefinition | string, named?: NamelessTool): this {
    const definition = typeof toolOrName === "string" ? { ...named, name: toolOrName } : toolOrName;
    const tool = normalizeTool(definition as ToolDefinition);
    refuseShadowing(tool.spec.name, (definition as { replacesCommand?: unknown }).replacesCommand === true);
    this.registry.add(tool);
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
    const order: ScriptOrder = {
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
      order,
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
    const pool = this.options.isolation === "inline" ? undefined : this.pool();
    // The trace comes back whole: the host made the entries of the calls it answered (ADR 0034).
    const { rejected, ...ran } = await (pool ? runInWorker(setup, pool) : runInline(setup));
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

  /**
   * Markdown a model can use cold: the commands, how to pass arguments, what the shell can and cannot do. How much
   * of each tool it shows is the `prompt` option's choice unless `options` says otherwise; `toolName` is the name
   * the model calls this tool by, when it differs (an MCP server's tool).
   * @example
   * api.systemPrompt({ maxTokens: 2_000 }); // the richest level within about 2,000 tokens
   */
  systemPrompt(options: SystemPromptOptions = {}): string {
    const { toolName, ...override } = options;
    const own = this.options.prompt ?? (this.options.compactPrompt ? { level: "compact" as const } : {});
    const choice = override.level !== undefined || override.maxTokens !== undefined ? override : own;
    checkPromptOptions(choice);
    return systemPromptFor(toolName ?? this.name, this.tools(), choice, this.scratch?.maxBytes);
  }

  /** The script tool's own definition (`{ commands: string }` input), ready to hand to any LLM API. */
  definition(): ScriptToolDefinition {
    const names = this.tools().map((tool) => tool.name);
    const shown = names.slice(0, 12).join(", ") + (names.length > 12 ? `, ... (${names.length} in all)` : "");
    const purpose = this.description ? `${this.description}. ` : "";
    return {
      name: this.name,
      description:
        `${purpose}Runs a bash script whose commands are the tools (${shown}): pipe, loop and jq them, ` +
        "and print only what you need; `help <tool>` shows a tool's flags. " +
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
   * The definitions to hand a model: the script tool alone, or with `discovery: true` the script tool and
   * `<name>_discover` beside it (as bashkit's ScriptingToolSet WithDiscovery), a read-only tool that lists,
   * searches and explains the commands (a tool's flags, output shape and JSON schemas) without running a script.
   * Answer a discover call with `api.discover(input)`. In discovery mode the script tool's description points at
   * the discover tool: pair it with `api.systemPrompt({ level: "compact" })`, names and one-liners only.
   * @example
   * const [script, discover] = api.toolset({ discovery: true }); // names: "api", "api_discover"
   */
  toolset(options: ToolsetOptions = {}): ToolsetDefinition[] {
    const script = this.definition();
    if (options.discovery !== true) return [{ ...script, kind: "script" }];
    const name = discoverToolName(this.name);
    return [
      {
        ...script,
        description: `${script.description} ${discoveryPointer(name)}`,
        kind: "script",
      },
      {
        name,
        description: discoverDescription(this.name),
        inputSchema: DISCOVER_INPUT_SCHEMA,
        kind: "discover",
      },
    ];
  }

  /**
   * Answers a call of the discover tool (see `toolset({ discovery: true })`): `{}` lists every command with its
   * categories and tags; `query`, `category` and `tag` filter; `tool` gives one command's usage and JSON
   * schemas. Never throws for what a model sends: a bad query is an answer with `isError` and what to send.
   */
  discover(input: unknown): DiscoverAnswer {
    const query = parseDiscoverQuery(input);
    if (typeof query === "string") {
      return { text: `${discoverToolName(this.name)}: ${query}\n`, tools: [], isError: true };
    }
    return answerDiscover(this.tools(), query);
  }

  /**
   * Closes the upstream MCP connections made for this tool (`connectUpstream`: their commands are unregistered, a
   * stdio child is stopped), which would otherwise keep the process alive, and stops the worker threads this tool
   * runs on. The workers are shared with other ScriptedTools of the same pool settings, never keep the process
   * alive, and are started again by the next execute().
   */
  async close(): Promise<void> {
    await closeAttached(this);
    if (this.options.isolation === "inline") return;
    await this.pool().close();
  }
}
