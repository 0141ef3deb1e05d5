/**
 * `toolshell/mcp`, server side: serve a ScriptedTool over MCP as one `script` tool (stdio, streamable HTTP, or a
 * transport of your own through createMcpServer).
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ScriptedTool } from "../scripted-tool.js";
import { createMcpServer, type McpServerOptions } from "./server-core.js";

export { createMcpServer, type McpRequestInfo, type McpServerOptions } from "./server-core.js";
export type { DiscoveredTool, DiscoverQuery } from "./server-discover.js";
export { type McpHttpOptions, type McpHttpServer, serveHttp } from "./server-http.js";

/** A running server; close() stops it and aborts the runs in flight. */
export interface McpStdioServer {
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
  };
  const onEnd = () => {
    close().catch(() => {});
  };
  process.stdin.once("end", onEnd);
  return { close };
}
