/**
 * The MCP client side (code-mode proxy): the tools of upstream MCP servers become namespaced commands
 * (`server.tool`) of a ScriptedTool, so one script composes calls across servers.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Tool, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { ToolError, ToolshellError } from "../errors.js";
import {
  DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
  MAX_UPSTREAM_LIST_PAGES,
  MAX_UPSTREAM_TOOLS,
} from "../limits.js";
import type { ScriptedTool } from "../scripted-tool.js";
import type { ToolContext } from "../tool/tool.js";
import { clip, commandDefinition, planCommands, Slices } from "./client-commands.js";
import { plainMessage, requestError, resultValue } from "./client-content.js";
import { checkedNamespace, sanitizeSegment, type Upstream } from "./client-spec.js";
import { connectTransport, endSession } from "./client-transport.js";
import type { SkippedTool, ToolsChange, UpstreamConnection, UpstreamOptions } from "./client-types.js";

export {
  type HttpUpstream,
  parseUpstream,
  type StdioUpstream,
  type TransportUpstream,
  type Upstream,
} from "./client-spec.js";

import { attach } from "../run/attached.js";

export type { UpstreamStderr } from "./client-transport.js";
export type { SkippedTool, ToolsChange, UpstreamConnection, UpstreamOptions } from "./client-types.js";

const CLIENT_INFO = { name: "toolshell", version: "0.1.0" };
/** Past the call's own deadline, so the run's deadline (exit 124) ends a call before the SDK's timeout does. */
const REQUEST_TIMEOUT_GRACE_MS = 1_000;

/**
 * The SDK client validates structuredContent with a draft-07 ajv that rejects 2020-12 schemas at listing time,
 * failing the whole import. toolshell's registry checks results against the same outputSchema (listed in
 * the trace's `outputIssues`, or failing the call under `strictOutput`), so the SDK's check is turned off.
 */
const acceptEverything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** An imported tool: the command it became and what it looked like, to notice a change. */
interface Imported {
  command: string;
  fingerprint: string;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

class Connection implements UpstreamConnection {
  name = "";
  client!: Client;
  readonly skipped: SkippedTool[] = [];
  private readonly imported = new Map<string, Imported>();
  private started = false;
  private changedEarly = false;
  private closed = false;
  private disconnected = false;
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  /** Ends this connection's tie to the ScriptedTool's close() (it closes with it until then). */
  private readonly detach: () => void;

  constructor(
    private readonly api: ScriptedTool,
    private readonly options: UpstreamOptions,
  ) {
    this.detach = attach(api, () => this.close());
  }

  /** Whether close() ran (the connection's own, or the ScriptedTool's). */
  get isClosed(): boolean {
    return this.closed;
  }

  get tools(): string[] {
    return [...this.imported.values()].map((entry) => entry.command);
  }

  /** A client as every connection attempt needs it: lenient output validation, list_changed handled. */
  newClient(): Client {
    const client = new Client(CLIENT_INFO, { jsonSchemaValidator: acceptEverything });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.listChanged());
    return client;
  }

  private listChanged(): void {
    if (!this.started) {
      this.changedEarly = true;
      return;
    }
    this.refresh().catch((error: unknown) => this.report(error));
  }

  private report(error: unknown): void {
    if (this.closed) return; // what a closing connection runs into concerns nobody
    try {
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // a failing listener must not become an unhandled rejection
    }
  }

  /** Takes over a connected client: chooses the namespace and imports the tools; closes the client on failure. */
  async start(client: Client, name: string | undefined): Promise<void> {
    this.client = client;
    try {
      this.name = name === undefined ? defaultNamespace(client) : checkedNamespace(name);
      client.onclose = () => {
        this.disconnected = true;
      };
      client.onerror = (error) => this.report(error);
      await this.sync(await this.listAll(), true);
      this.started = true;
      if (this.changedEarly) await this.refresh();
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  refresh(): Promise<void> {
    if (this.closed) {
      return Promise.reject(new ToolshellError("upstream_closed", `upstream "${this.name}" is closed`));
    }
    // One refresh at a time; calls made while one runs share the single refresh queued after it.
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.closed ? undefined : this.listAll().then((tools) => this.sync(tools, false));
    });
    const next = this.queued;
    this.running = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    for (const entry of this.imported.values()) this.api.remove(entry.command);
    this.imported.clear();
    if (this.client) await endSession(this.client);
    await this.client?.close().catch(() => {});
  }

  /** Every tool the upstream lists that `filter` keeps, at most `maxTools` of them (else it throws). */
  private async listAll(): Promise<Tool[]> {
    const timeout = this.options.connectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS;
    const maxTools = this.options.maxTools ?? MAX_UPSTREAM_TOOLS;
    const tools: Tool[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < MAX_UPSTREAM_LIST_PAGES; page++) {
      const result = await this.client
        .listTools(cursor === undefined ? undefined : { cursor }, { timeout })
        .catch((error: unknown) => {
          throw new ToolshellError(
            "upstream_failed",
            `upstream "${this.name}": tools/list failed: ${plainMessage(error)}`,
            { cause: error },
          );
        });
      const { filter } = this.options;
      for (const tool of result.tools) if (!filter || filter(tool)) tools.push(tool);
      // TM-DOS-005: more tools than the cap is refused before anything is compiled; paging stops here too.
      if (tools.length > maxTools) throw this.tooManyTools(maxTools, cursor !== undefined || page > 0);
      cursor = result.nextCursor;
      if (cursor === undefined || cursor === "") return tools;
      if (cursors.has(cursor)) {
        throw new ToolshellError(
          "upstream_failed",
          `upstream "${this.name}": tools/list repeated the cursor ${JSON.stringify(cursor)}`,
        );
      }
      cursors.add(cursor);
    }
    throw new ToolshellError(
      "upstream_failed",
      `upstream "${this.name}": tools/list gave more than ${MAX_UPSTREAM_LIST_PAGES} pages`,
    );
  }

  private tooManyTools(maxTools: number, paged: boolean): ToolshellError {
    const kept = this.started ? "the previous commands stay" : "nothing was imported";
    return new ToolshellError(
      "too_many_tools",
      `upstream "${this.name}" lists more than ${maxTools} tools${paged ? " (counted so far)" : ""}, ` +
        `the maxTools cap: ${kept}. Import fewer with the filter option, or raise maxTools`,
    );
  }

  /**
   * Brings the registered commands in line with the listed tools, yielding to the event loop every
   * IMPORT_SLICE_MS (TM-DOS-005: each tool's validators are compiled as it is added, ~0.3-1 ms apiece). Runs
   * started meanwhile see the commands added so far; a changed tool is replaced in one step, never missing.
   */
  private async sync(tools: Tool[], initial: boolean): Promise<void> {
    if (!initial) this.skipped.length = 0;
    const slices = new Slices();
    const wanted = await planCommands(this.name, tools, { initial, slices, skipped: this.skipped });
    if (this.closed) return;
    const change: ToolsChange = { added: [], removed: [], changed: [], skipped: [] };
    const replaced = new Set<string>();
    for (const [upstreamName, entry] of this.imported) {
      const next = wanted.get(upstreamName);
      if (next?.fingerprint === entry.fingerprint && next.command === entry.command) continue;
      if (next?.command === entry.command) {
        replaced.add(upstreamName); // removed just before its new version is added, below
        continue;
      }
      this.api.remove(entry.command);
      this.imported.delete(upstreamName);
      change.removed.push(entry.command);
    }
    for (const [upstreamName, next] of wanted) {
      await slices.next();
      if (this.closed) return;
      if (replaced.has(upstreamName)) {
        this.api.remove(next.command);
        this.imported.delete(upstreamName);
        change.changed.push(next.command);
      }
      if (this.imported.has(upstreamName)) continue;
      try {
        this.api.add(
          commandDefinition(next.tool, next.command, this.options, (params, ctx) =>
            this.call(next.tool.name, params, ctx),
          ),
        );
      } catch (error) {
        const taken = ToolshellError.isInstance(error) && error.code === "duplicate_tool";
        if (initial && taken) {
          throw new ToolshellError(
            "duplicate_tool",
            `upstream tool ${JSON.stringify(upstreamName)} would become ${next.command}, which is already registered: give this upstream another name`,
          );
        }
        // Registration's messages already start with the command's name.
        const message = clip(errorMessage(error), 300);
        const reason = message.startsWith(`${next.command}: `) ? message : `${next.command}: ${message}`;
        this.skipped.push({ name: upstreamName, reason });
        if (change.changed.includes(next.command)) {
          change.changed.splice(change.changed.indexOf(next.command), 1);
          change.removed.push(next.command);
        }
        continue;
      }
      this.imported.set(upstreamName, { command: next.command, fingerprint: next.fingerprint });
      if (!change.changed.includes(next.command)) change.added.push(next.command);
    }
    change.skipped = [...this.skipped];
    const changed = change.added.length + change.removed.length + change.changed.length > 0;
    if (!initial && changed) {
      try {
        this.options.onToolsChanged?.(change);
      } catch (error) {
        this.report(error);
      }
    }
  }

  /** One call of an upstream tool, under the call's signal and deadline. */
  private async call(toolName: string, params: Record<string, unknown>, ctx: ToolContext): Promise<unknown> {
    if (this.closed || this.disconnected) {
      throw new ToolError(`the connection to upstream "${this.name}" is closed`);
    }
    const remaining = Number.isFinite(ctx.deadline) ? ctx.deadline - Date.now() : 60_000;
    const timeout = Math.max(1, Math.ceil(remaining)) + REQUEST_TIMEOUT_GRACE_MS;
    let result: Awaited<ReturnType<Client["callTool"]>>;
    try {
      result = await this.client.callTool({ name: toolName, arguments: params }, undefined, {
        signal: ctx.signal,
        timeout,
      });
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      throw requestError(this.name, error, timeout);
    }
    return resultValue(result);
  }
}

/** The server's name from its `initialize` answer, made a valid command-name segment. */
function defaultNamespace(client: Client): string {
  const info = client.getServerVersion();
  const raw = typeof info?.name === "string" && info.name.trim() !== "" ? info.name.trim() : "upstream";
  return sanitizeSegment(raw.slice(0, 64), true);
}

/**
 * Connects to an upstream MCP server and registers each of its tools on `api` as the command `<name>.<tool>`:
 * its inputSchema gives the flags and validation, its outputSchema what `help` shows, its annotations the risk
 * the policy and plan mode read. A call prints the result's `structuredContent` as JSON, else its text (other
 * content is described, e.g. `[image image/png, 912 bytes, not shown]`); `isError` fails the command (exit 1)
 * with the text on stderr. `notifications/tools/list_changed` refreshes the commands. Tools whose schemas
 * toolshell cannot register are skipped and listed in `skipped`.
 *
 * A stdio upstream runs without a shell, with only a safe subset of the host's environment plus `env`.
 * @example
 * const api = new ScriptedTool({ name: "memory" });
 * const mem = await connectUpstream(api, parseUpstream("mem=npx -y @modelcontextprotocol/server-memory"));
 * await api.execute("mem.read_graph | jq '.entities | length'");
 * await mem.close();
 */
export async function connectUpstream(
  api: ScriptedTool,
  upstream: Upstream,
  options: UpstreamOptions = {},
): Promise<UpstreamConnection> {
  if (typeof upstream !== "object" || upstream === null) {
    throw new ToolshellError("invalid_upstream", "an upstream must be { command }, { url } or { transport }");
  }
  if (upstream.name !== undefined) checkedNamespace(upstream.name);
  for (const key of ["timeoutMs", "connectTimeoutMs"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && value > 0 && Number.isFinite(value))) {
      throw new ToolshellError("invalid_option", `${key} must be a positive number of milliseconds`);
    }
  }
  const { maxTools, trust } = options;
  if (maxTools !== undefined && !(Number.isSafeInteger(maxTools) && maxTools > 0)) {
    throw new ToolshellError("invalid_option", "maxTools must be a positive whole number");
  }
  if (trust !== undefined && trust !== "trusted" && trust !== "untrusted") {
    throw new ToolshellError("invalid_option", 'trust must be "trusted" or "untrusted"');
  }
  const connection = new Connection(api, options);
  let client: Client;
  try {
    ({ client } = await connectTransport(
      upstream,
      () => connection.newClient(),
      options.stderr,
      options.connectTimeoutMs ?? DEFAULT_UPSTREAM_CONNECT_TIMEOUT_MS,
    ));
  } catch (error) {
    await connection.close(); // detaches it from api.close()
    throw error;
  }
  // api.close() while connecting: the client just made would otherwise live on with nothing to close it.
  if (connection.isClosed) {
    await client.close().catch(() => {});
    throw new ToolshellError(
      "upstream_closed",
      "the ScriptedTool was closed while the upstream was connecting",
    );
  }
  await connection.start(client, upstream.name);
  return connection;
}
