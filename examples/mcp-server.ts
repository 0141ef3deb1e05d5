/**
 * Serves the e-commerce example tools as ONE MCP tool, `script`, over stdio (plus `discover`, to browse the
 * commands without running a script). Point any MCP client at it, e.g. in its config:
 *   { "command": "npx", "args": ["tsx", "examples/mcp-server.ts"] }
 * or try it with the MCP inspector: npx @modelcontextprotocol/inspector npx tsx examples/mcp-server.ts
 * A client then calls `script` with { "commands": "get_user --id 42 | jq -r .name" }.
 */
import { ScriptedTool } from "../src/index.js";
import { serveStdio } from "../src/mcp/server.js";
import { ecommerceTools } from "./ecommerce-tools.js";

const api = new ScriptedTool({ name: "shop", description: "E-commerce API", tools: ecommerceTools });
await serveStdio(api, { discovery: true });
// stdout belongs to the protocol: log to stderr only.
console.error("shop MCP server ready on stdio");
