// Shared by the MCP server tests: SDK Clients connected to toolshell's server, closed when the test file ends.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll } from "vitest";
import type { ScriptedTool } from "../src/index.js";
import { createMcpServer, type McpServerOptions } from "../src/mcp/server.js";

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

/** Closes `client` when the test file ends. */
export function closeAfterAll(client: Client): Client {
  clients.push(client);
  return client;
}

/** An SDK Client connected in-process (a linked pair of transports) to `createMcpServer(api, options)`. */
export async function linked(api: ScriptedTool, options: McpServerOptions = {}): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(api, options).connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return closeAfterAll(client);
}
