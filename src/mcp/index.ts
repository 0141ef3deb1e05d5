/**
 * toolshell/mcp: serve a ScriptedTool over the Model Context Protocol, and import upstream MCP servers' tools as
 * namespaced commands. Needs the optional peer @modelcontextprotocol/sdk.
 */
export {
  connectUpstream,
  type HttpUpstream,
  parseUpstream,
  type SkippedTool,
  type StdioUpstream,
  type ToolsChange,
  type TransportUpstream,
  type Upstream,
  type UpstreamConnection,
  type UpstreamOptions,
  type UpstreamStderr,
} from "./client.js";
export {
  createMcpServer,
  type DiscoveredTool,
  type DiscoverQuery,
  type McpHttpOptions,
  type McpHttpServer,
  type McpRequestInfo,
  type McpServerOptions,
  type McpStdioServer,
  serveHttp,
  serveStdio,
} from "./server.js";
