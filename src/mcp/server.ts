/**
 * `toolshell/mcp`, server side: serve a ScriptedTool over MCP as one `script` tool (stdio, streamable HTTP, or a
 * transport of your own through createMcpServer).
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { createMcpServer, type McpServerOptions } from "./server-core.js";

export type { DiscoveredTool, DiscoverQuery } from "../../builtins/discover-answer.js";
export { createMcpServer, type McpRequestInfo, type McpServerOptions } from "./server-core.js";
export { type McpHttpOptions, type McpHttpServer, serveHttp } from "./server-http.js";

/** A running server; close() stops it and aborts the runs in flight. */
export interface McpStdioServer {
  /**
   * Sends the client `notifications/tools/list_changed`: call it after adding or removing tools (an upstream's
   * refresh included), since the script tool's description and annotations follow its commands.
   */
  toolsChanged(): void;
  close(): Promise<void>;
}

/**
 * Serves `api` over this process's stdin/stdout until stdin ends or close() is called. Nothing else may write to
 * stdout meanwhile (log to stderr).
 * @example
 * import { serveStdio } from "toolshell/mcp";
 * await serveStdio(new ScriptedTool({ name: "shop", tools }));
 */
export async function serveStdio(api: ScriptedTool, options: McpServerOptions = {}): Promise<McpStdioServer> {
  const server = createMcpServer(api, options);
  await server.connect(new StdioServerTransport());
  const close = async () => {
    process.stdin.off("end", onEnd);
    await server.close();
    // A write that failed just before the close reports its error on a later tick: still ours to swallow.
    setImmediate(() => process.stdout.off("error", onEnd));
  };
  // The client went away (stdin ended, or stdout broke with EPIPE, an error that would otherwise crash the
  // process): stop serving, which aborts the runs in flight.
  const onEnd = () => {
    close().catch(() => {});
  };
  process.stdin.once("end", onEnd);
  process.stdout.on("error", onEnd);
  const toolsChanged = () => {
    server.sendToolListChanged().catch(() => {});
  };
  return { toolsChanged, close };
}
