/** What the streamable HTTP server reads and answers on node:http, in sessions or stateless. */
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_MCP_BODY_BYTES } from "../limits.js";

/** Answers a JSON-RPC error with no id (a refusal before any message was read). */
export function jsonRpcError(response: ServerResponse, status: number, message: string, headers = {}): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

/**
 * A session-less POST's body, parsed (json undefined when it is not JSON). A body past MAX_MCP_BODY_BYTES is drained,
 * not kept; one whose Content-Length says so is not read at all, and the SDK answers it (413).
 */
export async function readBody(request: IncomingMessage): Promise<{ json?: unknown; tooLarge?: true }> {
  if (Number(request.headers["content-length"]) > MAX_MCP_BODY_BYTES) return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_MCP_BODY_BYTES) chunks.push(chunk);
  }
  if (size > MAX_MCP_BODY_BYTES) return { tooLarge: true };
  try {
    return { json: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return {};
  }
}
