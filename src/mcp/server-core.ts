/**
 * The MCP server over a ScriptedTool: one `script` tool (plus `discover` in discovery mode) on the SDK's low-level
 * `Server`, whose tools/list and tools/call take raw JSON Schema (McpServer in SDK 1.x wants zod schemas).
 */

import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  type ListToolsResult,
  McpError,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  answerDiscover,
  DISCOVER_INPUT_SCHEMA,
  DISCOVER_OUTPUT_SCHEMA,
  discoverDescription,
  parseDiscoverQuery,
} from "../../builtins/discover-answer.js";
import { ToolshellError } from "../errors.js";
import { DEFAULT_PROGRESS_INTERVAL_MS, MIN_PROGRESS_INTERVAL_MS } from "../limits.js";
import type { ExecuteResult } from "../run/result.js";
import { resultText } from "../run/result-text.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { PROMPT_LEVELS, type PromptLevel } from "../shell/prompt.js";
import { DISCOVER_ANNOTATIONS, scriptAnnotations } from "./server-annotations.js";
import { scriptOutputSchema } from "./server-schemas.js";

/** What the server knows about the MCP request a run serves; the default `context` of the run. */
export interface McpRequestInfo {
  /** The transport's auth info (streamable HTTP with authentication); undefined over stdio. */
  authInfo: AuthInfo | undefined;
  /** The MCP session (streamable HTTP); undefined over stdio. */
  sessionId: string | undefined;
  requestId: string | number;
}

/** Options of an MCP server over a ScriptedTool. */
export interface McpServerOptions {
  /** The script tool's MCP name (default "script"): 1-128 letters, digits, `_`, `-` or `.`. */
  toolName?: string;
  /** Also expose a `discover` tool, so a client can browse the commands without running a script. */
  discovery?: boolean;
  /**
   * The server's `instructions` (sent once, at initialize): "auto" (default) is the ScriptedTool's system prompt
   * as its `prompt` option chooses it (by default the richest level within what the tools' own definitions would
   * take); "full", "usage" or "compact" force a level; a string is sent as is; false sends none.
   */
  instructions?: "auto" | PromptLevel | false | (string & {});
  /** How the server introduces itself (default: the ScriptedTool's name, version "0.0.0"). */
  serverInfo?: { name: string; version: string };
  /** The tenant of a run, from the transport's auth info (default: `authInfo.clientId`). */
  tenant?: (authInfo: AuthInfo | undefined) => string | undefined;
  /** The `context` of a run, reaching every callback as `ctx.context` (default: the McpRequestInfo itself). */
  context?: (request: McpRequestInfo) => unknown;
  /**
   * While a run lasts, a request that carries a progressToken gets a `notifications/progress` this often (ms;
   * default 1,000; at least 50); 0 sends none. Progress is the run's elapsed seconds (no total is known).
   */
  progressIntervalMs?: number;
  /** Wall time of each run in ms (default: the ScriptedTool's). */
  timeoutMs?: number;
  /**
   * Answer each run's whole trace in `structuredContent` (argv, params, outcome, bytes, tenant, ... as
   * `ExecuteResult.trace` has them, within the trace's byte budget: up to ~1.2 MiB for a run of 1,000 calls).
   * Default false: each entry is `{ name, exitCode, durationMs }`, since clients may hand `structuredContent` to
   * the model and a script's flags would flood its context.
   */
  fullTrace?: boolean;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const DEFAULT_TOOL_NAME = "script";
const DISCOVER_TOOL_NAME = "discover";
const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

interface Settings {
  toolName: string;
  discovery: boolean;
  fullTrace: boolean;
  progressIntervalMs: number;
  options: McpServerOptions;
}

function settings(options: McpServerOptions): Settings {
  const toolName = options.toolName ?? DEFAULT_TOOL_NAME;
  if (typeof toolName !== "string" || !MCP_TOOL_NAME.test(toolName)) {
    throw new ToolshellError("invalid_option", "toolName must be 1-128 letters, digits, '_', '-' or '.'");
  }
  const discovery = options.discovery === true;
  if (discovery && toolName === DISCOVER_TOOL_NAME) {
    throw new ToolshellError("invalid_option", `toolName "${DISCOVER_TOOL_NAME}" is taken in discovery mode`);
  }
  const progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  if (
    !Number.isFinite(progressIntervalMs) ||
    (progressIntervalMs !== 0 && progressIntervalMs < MIN_PROGRESS_INTERVAL_MS)
  ) {
    throw new ToolshellError(
      "invalid_option",
      `progressIntervalMs must be 0 (off) or at least ${MIN_PROGRESS_INTERVAL_MS}`,
    );
  }
  return { toolName, discovery, fullTrace: options.fullTrace === true, progressIntervalMs, options };
}

function instructionsFor(api: ScriptedTool, toolName: string, choice: McpServerOptions["instructions"]) {
  if (choice === false) return undefined;
  if (choice !== undefined && choice !== "auto" && !(PROMPT_LEVELS as readonly string[]).includes(choice))
    return choice;
  // Rendered under the MCP tool's name, so the prompt names the tool the client actually sees.
  const level = choice === undefined || choice === "auto" ? {} : { level: choice as PromptLevel };
  return api.systemPrompt({ ...level, toolName });
}

function listTools(api: ScriptedTool, setup: Settings): ListToolsResult {
  const definition = api.definition();
  const tools: Tool[] = [
    {
      name: setup.toolName,
      description: definition.description,
      inputSchema: definition.inputSchema as Tool["inputSchema"],
      outputSchema: scriptOutputSchema(setup.fullTrace) as Tool["outputSchema"],
      annotations: scriptAnnotations(api.tools().map((tool) => tool.risk)),
    },
  ];
  if (setup.discovery) {
    tools.push({
      name: DISCOVER_TOOL_NAME,
      description: discoverDescription(setup.toolName),
      inputSchema: DISCOVER_INPUT_SCHEMA as Tool["inputSchema"],
      outputSchema: DISCOVER_OUTPUT_SCHEMA as Tool["outputSchema"],
      annotations: DISCOVER_ANNOTATIONS,
    });
  }
  return { tools };
}

/**
 * The MCP answer of a run: resultText as text, the run as structuredContent, isError on a non-zero exit.
 * TM-MCP-001: the trace goes out as names, exit codes and durations unless the server was created with
 * `fullTrace`: clients may pass structuredContent to the model, and whole entries repeat every flag of every call.
 */
function scriptResult(result: Omit<ExecuteResult, "plannedCalls">, fullTrace: boolean): CallToolResult {
  const { stdout, stderr, exitCode, trace, truncated, traceDropped, traceTruncated } = result;
  const structuredContent = fullTrace
    ? {
        stdout,
        stderr,
        exitCode,
        trace,
        truncated,
        traceDropped,
        ...(traceTruncated ? { traceTruncated } : {}),
      }
    : {
        stdout,
        stderr,
        exitCode,
        trace: trace.map(({ name, exitCode, durationMs }) => ({ name, exitCode, durationMs })),
        truncated,
        traceDropped,
      };
  return {
    content: [{ type: "text", text: resultText(result) }],
    structuredContent,
    isError: exitCode !== 0,
  };
}

/** Refuses arguments that are not `{ commands: string }` the way a run refuses a bad script: exit 2. */
function badArguments(toolName: string, args: unknown): string | undefined {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return `${toolName}: arguments must be an object with a "commands" string`;
  }
  const unknown = Object.keys(args).filter((key) => key !== "commands");
  if (unknown.length > 0)
    return `${toolName}: unknown argument ${JSON.stringify(unknown[0])}; expected commands`;
  if (typeof (args as { commands?: unknown }).commands !== "string") {
    return `${toolName}: "commands" must be a string holding the bash script`;
  }
  return undefined;
}

/** Sends notifications/progress while a run lasts, when the request asked for them. Returns the stopper. */
function startProgress(extra: Extra, intervalMs: number): () => void {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined || intervalMs === 0) return () => {};
  const started = performance.now();
  const timer = setInterval(() => {
    const seconds = Math.round(performance.now() - started) / 1000;
    extra
      .sendNotification({
        method: "notifications/progress",
        params: { progressToken, progress: seconds, message: `script running for ${seconds.toFixed(1)} s` },
      })
      .catch(() => {});
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Calls a user hook; a failing hook fails the request without showing the client the host's error. */
function hook<T>(what: string, run: () => T): T {
  try {
    return run();
  } catch {
    throw new McpError(ErrorCode.InternalError, `the server's ${what} option failed`);
  }
}

async function runScript(api: ScriptedTool, setup: Settings, args: unknown, extra: Extra) {
  const problem = badArguments(setup.toolName, args);
  if (problem !== undefined) {
    return scriptResult(
      {
        stdout: "",
        stderr: `${problem}\n`,
        exitCode: 2,
        trace: [],
        truncated: false,
        traceDropped: 0,
      },
      setup.fullTrace,
    );
  }
  const { options } = setup;
  const authInfo = extra.authInfo;
  const tenant = hook("tenant", () => (options.tenant ? options.tenant(authInfo) : authInfo?.clientId));
  // A stateless server's transport has no session: the header names it (serveHttp checked it in the store).
  const header = extra.requestInfo?.headers?.["mcp-session-id"];
  const sessionId = extra.sessionId ?? (typeof header === "string" ? header : undefined);
  const request: McpRequestInfo = { authInfo, sessionId, requestId: extra.requestId };
  const context = hook("context", () => (options.context ? options.context(request) : request));
  const stopProgress = startProgress(extra, setup.progressIntervalMs);
  try {
    const result = await api.execute((args as { commands: string }).commands, {
      signal: extra.signal,
      tenant,
      context,
      timeoutMs: options.timeoutMs,
    });
    return scriptResult(result, setup.fullTrace);
  } finally {
    stopProgress();
  }
}

function runDiscover(api: ScriptedTool, args: unknown): CallToolResult {
  const query = parseDiscoverQuery(args);
  if (typeof query === "string") {
    return {
      content: [{ type: "text", text: `${DISCOVER_TOOL_NAME}: ${query}\n` }],
      structuredContent: { tools: [] },
      isError: true,
    };
  }
  const answer = answerDiscover(api.tools(), query);
  return {
    content: [{ type: "text", text: answer.text }],
    structuredContent: { tools: answer.tools },
    isError: answer.isError,
  };
}

/**
 * An MCP server (the SDK's `Server`) exposing `api` as one script tool, not yet connected: connect it to any
 * transport. Each connection needs its own server.
 * @example
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * const server = createMcpServer(api, { discovery: true });
 * const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
 * await server.connect(serverSide);
 */
export function createMcpServer(api: ScriptedTool, options: McpServerOptions = {}): Server {
  const setup = settings(options);
  const instructions = instructionsFor(api, setup.toolName, options.instructions);
  const server = new Server(options.serverInfo ?? { name: api.name, version: "0.0.0" }, {
    // listChanged: the script tool's description and annotations follow its commands (see toolsChanged()).
    capabilities: { tools: { listChanged: true } },
    ...(instructions !== undefined ? { instructions } : {}),
  });
  server.setRequestHandler(ListToolsRequestSchema, () => listTools(api, setup));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (name === setup.toolName) return runScript(api, setup, args ?? {}, extra);
    if (setup.discovery && name === DISCOVER_TOOL_NAME) return runDiscover(api, args);
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  });
  return server;
}
