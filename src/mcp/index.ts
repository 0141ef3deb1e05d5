/**
 * toolshell/mcp: serve a ScriptedTool over the Model Context Protocol, and import upstream MCP servers' tools as
 * namespaced commands. Needs the optional peer @modelcontextprotocol/sdk.
 */
export * from "./client.js";
export * from "./server.js";
