/**
 * The host side of tool processes: a program in any language, started by toolshell and spoken to in frames on its
 * stdin and stdout (src/process/frames.ts), whose tools become the commands `<name>.<tool>`. Every call goes
 * through the registry like any other tool's. A process that fails is started again for later calls, with backoff,
 * a bounded number of times (TM-PROC-001).
 */
import { existsSync } from "node:fs";
import { basename, resolve } from "node:path";
import { ToolError, ToolshellError } from "../errors.js";
import {
  DEFAULT_TOOL_PROCESS_CONNECT_TIMEOUT_MS,
  MAX_TOOL_PROCESS_RESTART_DELAY_MS,
  MAX_TOOL_PROCESS_RESTARTS,
  MAX_UPSTREAM_COMMAND_CHARS,
  MAX_UPSTREAM_TOOLS,
  TOOL_PROCESS_CLOSE_GRACE_MS,
  TOOL_PROCESS_RESTART_DELAY_MS,
  TOOL_PROCESS_RETRY_AFTER_MS,
} from "../limits.js";
import { schemaCostProblem } from "../mcp/client-listing.js";
import { attach } from "../run/attached.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { deprecationOf } from "../tool/deprecation.js";
import { isRiskLevel, type RiskLevel, type ToolRisk } from "../tool/risk.js";
import { sanitizeSegment } from "../tool/segment.js";
import { THIRD_PARTY_LISTING } from "../tool/third-party.js";
import { assertToolName, type ToolContext, type ToolDefinition } from "../tool/tool.js";
import { type ChildSpec, type ListedTool, ToolProcessChild, type ToolProcessEvent } from "./child.js";

/** Options of connectToolProcess(). */
export interface ToolProcessOptions {
  /** The executable, run without a shell (no `$VAR`, globs or pipes). */
  command: string;
  args?: string[];
  /**
   * Variables for the process, on top of a safe subset of the host's (HOME, LOGNAME, PATH, SHELL, TERM, USER and,
   * on Windows, what a program needs to start): nothing else of the host's environment reaches it.
   */
  env?: Record<string, string>;
  /** Its working directory (default: the host's). */
  cwd?: string;
  /**
   * The namespace of its commands (`name.tool`). Default: the file the first argument names, if it exists
   * (`python3 tools/weather.py` gives `weather`), else the command (`./weather` gives `weather`), without extension.
   */
  name?: string;
  /**
   * The scopes this host grants. A tool whose `required_scope` is not among them is not registered (it is in
   * `skipped`, with why). Default: none, so only tools that require no scope are registered.
   */
  grantScopes?: readonly string[];
  /** When given, the only scopes a tool may declare at all: a tool declaring another is not registered. */
  expectedScopes?: readonly string[];
  /** The longest one call may take (default: only the run's own deadline); past it the call is cancelled. */
  timeoutMs?: number;
  /** How long the process has to answer ToolHello with ToolRegister (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * Its stderr: `"inherit"` (the host's), `"ignore"`, or a function that receives it as text. Default: kept quietly;
   * its last lines are quoted when the process fails.
   */
  stderr?: "inherit" | "ignore" | ((text: string) => void);
  /**
   * `"untrusted"` for a program you do not control: its descriptions are fenced as third-party text, its risk
   * claims are ignored (every tool may write and destroy) and its output is untrusted. Default `"trusted"`.
   */
  trust?: "trusted" | "untrusted";
  /** Each ToolEvent a tool sends during a call (progress, a message). */
  onEvent?: (event: ToolProcessEvent) => void;
}

/** A tool the process listed that was not registered, and why. */
export interface SkippedProcessTool {
  /** The tool's name as the process listed it. */
  name: string;
  reason: string;
}

/** A live tool process whose tools are commands of a ScriptedTool. */
export interface ToolProcessConnection {
  /** The namespace: its commands are `name.tool`. */
  readonly name: string;
  /** The command names registered. */
  readonly tools: string[];
  /** Tools the process listed that were not registered, with why. */
  readonly skipped: SkippedProcessTool[];
  /** Unregisters its commands and stops the process (its stdin is closed; it is killed if it has not exited in 2 s). */
  close(): Promise<void>;
}

/** What reaches the process of the host's environment (the MCP SDK's choice for stdio servers, kept the same). */
const INHERITED_ENV =
  process.platform === "win32"
    ? [
        "APPDATA",
        "HOMEDRIVE",
        "HOMEPATH",
        "LOCALAPPDATA",
        "PATH",
        "PROCESSOR_ARCHITECTURE",
        "SYSTEMDRIVE",
        "SYSTEMROOT",
        "TEMP",
        "USERNAME",
        "USERPROFILE",
        "PROGRAMFILES",
      ]
    : ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"];

function childEnvironment(extra: Record<string, string> | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV) {
    const value = process.env[key];
    // A bash function exported into the environment ("() { ...") is not passed on.
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  for (const [key, value] of Object.entries(extra ?? {})) env[key] = String(value);
  return env;
}

/** The namespace when none is given: the script the first existing-path argument names, else the command. */
function defaultNamespace(command: string, args: readonly string[], cwd: string | undefined): string {
  const script = args.find((arg) => !arg.startsWith("-") && existsSync(resolve(cwd ?? ".", arg)));
  const stem = basename(script ?? command).replace(/\.[^.]+$/, "");
  return sanitizeSegment(stem.slice(0, 64), true);
}

function invalid(message: string): ToolshellError {
  return new ToolshellError("invalid_option", message);
}

function stringList(value: unknown, key: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) {
    throw invalid(`${key} must be an array of strings`);
  }
  return [...value];
}

function checkedOptions(options: ToolProcessOptions): void {
  if (typeof options !== "object" || options === null) throw invalid("connectToolProcess needs { command }");
  if (typeof options.command !== "string" || options.command.trim() === "") {
    throw invalid("a tool process needs a command (the executable to start)");
  }
  stringList(options.args, "args");
  stringList(options.grantScopes, "grantScopes");
  if (options.expectedScopes !== undefined) stringList(options.expectedScopes, "expectedScopes");
  for (const key of ["timeoutMs", "connectTimeoutMs"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value > 0 && Number.isFinite(value))) {
      throw invalid(`${key} must be a positive number of milliseconds`);
    }
  }
  if (options.trust !== undefined && options.trust !== "trusted" && options.trust !== "untrusted") {
    throw invalid('trust must be "trusted" or "untrusted"');
  }
  if (options.env !== undefined && (typeof options.env !== "object" || options.env === null)) {
    throw invalid("env must be an object of strings");
  }
  if (options.name !== undefined) {
    try {
      assertToolName(options.name);
    } catch {
      throw invalid(
        `invalid tool process name ${JSON.stringify(options.name)}: use letters, digits, "_", "-" or ".", starting with a letter or "_"`,
      );
    }
  }
}

/** Why a listed tool's scope keeps it out, or undefined. */
function scopeProblem(
  scope: unknown,
  granted: readonly string[],
  expected: readonly string[] | undefined,
): string | undefined {
  if (scope === undefined || scope === null) return undefined;
  if (typeof scope !== "string") return "its required_scope is not a string";
  if (expected && !expected.includes(scope)) {
    return `it declares the scope ${JSON.stringify(scope)}, which is not among expectedScopes`;
  }
  if (!granted.includes(scope)) {
    return `it requires the scope ${JSON.stringify(scope)}, which is not granted (grantScopes)`;
  }
  return undefined;
}

/** The risk a listed tool claims: a level, or MCP-style booleans; undefined when it claims none it may. */
function listedRisk(risk: unknown): RiskLevel | Partial<ToolRisk> | undefined {
  if (typeof risk === "string") return isRiskLevel(risk) ? risk : undefined;
  if (typeof risk !== "object" || risk === null) return undefined;
  const out: Partial<ToolRisk> = {};
  for (const key of ["readOnly", "destructive", "idempotent", "openWorld"] as const) {
    const value = (risk as Record<string, unknown>)[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}

/** One listed tool as it will be registered, or why it will not. */
type Planned =
  | { tool: string; command: string; definition: Omit<ToolDefinition, "execute"> }
  | { skip: string };

function plan(
  listed: ListedTool,
  namespace: string,
  options: ToolProcessOptions,
  granted: readonly string[],
  siblings: ReadonlySet<unknown>,
): Planned {
  const { name } = listed;
  if (typeof name !== "string" || name === "") return { skip: "it has no name" };
  const command = `${namespace}.${sanitizeSegment(name)}`;
  if (command.length > MAX_UPSTREAM_COMMAND_CHARS) {
    return {
      skip: `its name would make a command of ${command.length} characters (at most ${MAX_UPSTREAM_COMMAND_CHARS})`,
    };
  }
  const scope = scopeProblem(listed.required_scope, granted, options.expectedScopes);
  if (scope !== undefined) return { skip: scope };
  const inputSchema = listed.input_schema ?? { type: "object" };
  const outputSchema = listed.output_schema ?? undefined;
  let problem: string | undefined;
  try {
    problem = schemaCostProblem(
      { inputSchema, outputSchema },
      {
        inputJson: JSON.stringify(inputSchema),
        outputJson: outputSchema === undefined ? undefined : JSON.stringify(outputSchema),
      },
    );
  } catch {
    problem = "its schemas are nested too deeply to read";
  }
  if (problem !== undefined) return { skip: problem };
  const untrusted = options.trust === "untrusted";
  const definition: Omit<ToolDefinition, "execute"> = {
    name: command,
    description: typeof listed.description === "string" ? listed.description : "",
    inputSchema,
  };
  if (outputSchema !== undefined) definition.outputSchema = outputSchema;
  const risk = untrusted ? undefined : listedRisk(listed.risk);
  if (risk !== undefined) definition.risk = risk;
  if (options.timeoutMs !== undefined) definition.timeoutMs = options.timeoutMs;
  if (listed.deprecated !== undefined) {
    try {
      const deprecated = deprecationOf(listed.deprecated, command, true);
      // A replacement among the process's own tools is named as the script calls it.
      if (deprecated?.replacement !== undefined && siblings.has(deprecated.replacement)) {
        deprecated.replacement = `${namespace}.${sanitizeSegment(deprecated.replacement)}`;
      }
      if (deprecated) definition.deprecated = deprecated;
    } catch {
      return { skip: "its deprecated is neither true nor { replacement?, message? }" };
    }
  }
  // TM-INJ-001: a tool process's listing is third-party text, cleaned and checked at registration.
  if (untrusted) {
    definition.descriptionTrust = "untrusted";
    definition.trust = "untrusted";
  } else {
    (definition as { [THIRD_PARTY_LISTING]?: true })[THIRD_PARTY_LISTING] = true;
  }
  return { tool: name, command, definition };
}

class Connection implements ToolProcessConnection {
  readonly skipped: SkippedProcessTool[] = [];
  /** Command -> the tool's name in the process. */
  private readonly commands = new Map<string, string>();
  /** The tools the running process offers now, each within the grant (a restart cannot add one). */
  private offered = new Set<string>();
  private child: ToolProcessChild | undefined;
  private starting: Promise<ToolProcessChild> | undefined;
  /** The process being started, before its ToolRegister (close() stops it). */
  private connecting: ToolProcessChild | undefined;
  /** Ends of the process in a row with no call answered since. */
  private failures = 0;
  private lastFailure = "";
  private lastFailureAt = 0;
  private closed = false;
  private nextCall = 0;
  private readonly spec: ChildSpec;
  private readonly granted: string[];
  private readonly detach: () => void;
  readonly name: string;

  constructor(
    private readonly api: ScriptedTool,
    private readonly options: ToolProcessOptions,
  ) {
    const args = [...(options.args ?? [])];
    this.spec = {
      command: options.command,
      args,
      env: childEnvironment(options.env),
      cwd: options.cwd,
      stderr: options.stderr,
    };
    this.granted = [...(options.grantScopes ?? [])];
    this.name = options.name ?? defaultNamespace(options.command, args, options.cwd);
    this.detach = attach(api, () => this.close());
  }

  get tools(): string[] {
    return [...this.commands.keys()];
  }

  /** Starts the process and registers the tools it lists; throws (the process stopped) when it cannot. */
  async connect(): Promise<void> {
    const { child, listed } = await this.start();
    if (this.closed) {
      child.closeInput();
      child.kill();
      throw new ToolshellError("tool_process_failed", "the ScriptedTool was closed while connecting");
    }
    this.child = child;
    if (listed.length > MAX_UPSTREAM_TOOLS) {
      await this.close();
      throw new ToolshellError(
        "tool_process_failed",
        `tool process "${this.name}" lists ${listed.length} tools, more than ${MAX_UPSTREAM_TOOLS}`,
      );
    }
    const seen = new Set<string>();
    const siblings = new Set(listed.map((entry) => entry?.name));
    for (const entry of listed) {
      const planned =
        typeof entry === "object" && entry !== null
          ? plan(entry, this.name, this.options, this.granted, siblings)
          : { skip: "its listing is not an object" };
      const toolName = typeof entry?.name === "string" ? entry.name : String(entry?.name ?? "");
      if ("skip" in planned) {
        this.skipped.push({ name: toolName, reason: planned.skip });
        continue;
      }
      if (seen.has(planned.command)) {
        this.skipped.push({
          name: toolName,
          reason: `another tool already became the command ${planned.command}`,
        });
        continue;
      }
      seen.add(planned.command);
      const { tool, command } = planned;
      try {
        this.api.add({
          ...planned.definition,
          execute: (params: Record<string, unknown>, ctx: ToolContext) =>
            this.call(command, tool, params, ctx),
        } as ToolDefinition);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.skipped.push({ name: toolName, reason: message.slice(0, 300) });
        continue;
      }
      this.commands.set(command, tool);
    }
    this.offered = new Set(this.commands.values());
  }

  /** Starts a process and waits for its ToolRegister. */
  private async start(): Promise<{ child: ToolProcessChild; listed: ListedTool[] }> {
    const child = new ToolProcessChild(
      this.spec,
      (ended, reason) => this.ended(ended, reason),
      (event) => this.options.onEvent?.(event),
    );
    const ms = this.options.connectTimeoutMs ?? DEFAULT_TOOL_PROCESS_CONNECT_TIMEOUT_MS;
    const timer = setTimeout(
      () => child.abort(`did not answer ToolHello with ToolRegister within ${ms} ms`),
      ms,
    );
    this.connecting = child;
    try {
      const listed = await child.registered;
      // A child that listed its tools and broke the protocol in the same write has ended already: a failed start.
      if (child.ended !== undefined) throw new Error(`tool process ${child.ended}`);
      return { child, listed };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.lastFailure = child.ended ?? message;
      throw new ToolshellError(
        "tool_process_failed",
        `tool process "${this.name}" (${[this.spec.command, ...this.spec.args].join(" ")}): ${message}`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      if (this.connecting === child) this.connecting = undefined;
    }
  }

  private ended(child: ToolProcessChild, reason: string): void {
    if (this.closed || child !== this.child) return;
    this.child = undefined;
    this.failed(reason);
  }

  private failed(reason: string): void {
    this.failures++;
    this.lastFailure = reason;
    this.lastFailureAt = Date.now();
  }

  /** The process to send a call to: the running one, or one started again after a pause that grows. */
  private async running(ctx: ToolContext): Promise<ToolProcessChild> {
    if (this.child && this.child.ended === undefined) return this.child;
    const retryAt = this.lastFailureAt + TOOL_PROCESS_RETRY_AFTER_MS;
    if (this.failures > MAX_TOOL_PROCESS_RESTARTS && Date.now() < retryAt) {
      throw new ToolError(
        `the tool process is unavailable: it failed ${this.failures} times in a row, the last time because it ` +
          `${this.lastFailure}; it is tried again after ${new Date(retryAt).toISOString()}`,
      );
    }
    this.starting ??= this.restart().finally(() => {
      this.starting = undefined;
    });
    const started = this.starting;
    return await new Promise<ToolProcessChild>((resolve, reject) => {
      const stop = (): void => reject(new ToolError("cancelled while the tool process was starting again"));
      if (ctx.signal.aborted) stop();
      ctx.signal.addEventListener("abort", stop, { once: true });
      started.then(resolve, reject).finally(() => ctx.signal.removeEventListener("abort", stop));
    });
  }

  private async restart(): Promise<ToolProcessChild> {
    const delay = Math.min(
      TOOL_PROCESS_RESTART_DELAY_MS * 2 ** Math.max(0, this.failures - 1),
      MAX_TOOL_PROCESS_RESTART_DELAY_MS,
    );
    await new Promise((done) => setTimeout(done, delay));
    if (this.closed) throw new ToolError("the tool process is closed");
    let started: { child: ToolProcessChild; listed: ListedTool[] };
    try {
      started = await this.start();
    } catch (error) {
      this.failed(this.lastFailure);
      const cause =
        ToolshellError.isInstance(error) && error.cause instanceof Error ? error.cause.message : "";
      throw new ToolError(
        `the tool process could not be started again: ${cause.replace(/^tool process /, "it ")}`,
      );
    }
    if (this.closed) {
      started.child.closeInput();
      started.child.kill();
      throw new ToolError("the tool process is closed");
    }
    // Nothing widens the grant: only tools registered at connect, still listed, with a scope still granted.
    const offered = new Set<string>();
    for (const entry of started.listed) {
      if (typeof entry !== "object" || entry === null || typeof entry.name !== "string") continue;
      if (scopeProblem(entry.required_scope, this.granted, this.options.expectedScopes) !== undefined)
        continue;
      offered.add(entry.name);
    }
    this.offered = offered;
    this.child = started.child;
    return started.child;
  }

  private async call(
    command: string,
    tool: string,
    params: Record<string, unknown>,
    ctx: ToolContext,
  ): Promise<unknown> {
    if (this.closed) throw new ToolError("the tool process is closed");
    const child = await this.running(ctx);
    if (!this.offered.has(tool)) {
      throw new ToolError(
        "the tool process no longer offers this tool within the granted scopes (it listed it differently when it was started again)",
      );
    }
    const callId = `c${++this.nextCall}`;
    const frame: { type: "InvokeTool"; call_id: string; [field: string]: unknown } = {
      type: "InvokeTool",
      call_id: callId,
      tool_name: tool,
      input: params,
    };
    if (Number.isFinite(ctx.deadline)) frame.deadline_ms = Math.max(1, Math.floor(ctx.deadline - Date.now()));
    if (ctx.tenant !== undefined) frame.tenant = ctx.tenant;
    const cancel = (): void => child.cancel(callId, "cancelled");
    if (ctx.signal.aborted) throw new ToolError("cancelled");
    ctx.signal.addEventListener("abort", cancel, { once: true });
    try {
      const output = await child.invoke(command, frame);
      this.failures = 0;
      return output;
    } finally {
      ctx.signal.removeEventListener("abort", cancel);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    for (const command of this.commands.keys()) this.api.remove(command);
    // A process still starting (before its ToolRegister) is stopped too: its start then fails.
    const connecting = this.connecting;
    if (connecting) {
      connecting.closeInput();
      connecting.kill();
    }
    const child = this.child ?? (await this.starting?.catch(() => undefined));
    this.child = undefined;
    if (!child) return;
    child.closeInput();
    const timer = setTimeout(() => child.kill(), TOOL_PROCESS_CLOSE_GRACE_MS);
    await child.exited;
    clearTimeout(timer);
  }
}

/**
 * Starts a tool process (a program in any language that speaks toolshell's frame protocol on stdin and stdout) and
 * registers each tool it lists on `api` as the command `<name>.<tool>`: its input_schema gives the flags and
 * validation, its output_schema what `help` shows, its risk what the policy reads. Calls run concurrently; a run
 * that is cancelled or passes its deadline sends CancelInvocation. A process that exits or breaks the protocol
 * fails its calls in flight with why (the last lines of its stderr quoted) and is started again for later calls.
 * @example
 * const weather = await connectToolProcess(api, { command: "python3", args: ["tools/weather.py"] });
 * await api.execute("weather.forecast --city Paris | jq .high");
 * await weather.close();
 */
export async function connectToolProcess(
  api: ScriptedTool,
  options: ToolProcessOptions,
): Promise<ToolProcessConnection> {
  checkedOptions(options);
  const connection = new Connection(api, options);
  try {
    await connection.connect();
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}
