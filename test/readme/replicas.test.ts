// The README's "Running several replicas" snippet, run as written ("toolshell" imports point at this checkout) twice,
// as two replicas on one real Redis (test/redis-server.ts): the URL and prefix are rewritten to the test's Redis
// and a prefix of its own, the limit's window made a minute; the two servers then share the search tool's limit.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisMissing, sharedRedis } from "../redis-server.js";
import { codeBlocks, localImports, readmeSection, rewrite } from "./snippets.js";

const HEADING = "## Running several replicas";

interface Replica {
  server: { url: string; close(): Promise<void> };
  api: { close(): Promise<void> };
  store: { close(): Promise<void> };
}

describe.skipIf(redisMissing)(`README: ${HEADING}`, () => {
  let redis: { url: string; stop: () => Promise<void> };
  const replicas: Replica[] = [];
  const clients: Client[] = [];
  beforeAll(async () => {
    redis = await sharedRedis();
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    for (const { server, api, store } of replicas) {
      await server.close();
      await api.close();
      await store.close();
    }
    await redis?.stop();
  });

  it("two replicas made by the snippet share the search tool's limit", async () => {
    const [code] = codeBlocks(readmeSection(HEADING));
    let snippet = rewrite(code ?? "", '"redis://127.0.0.1:6379"', JSON.stringify(redis.url));
    snippet = rewrite(snippet, 'prefix: "shop"', `prefix: ${JSON.stringify(`readme-${randomUUID()}`)}`);
    // A minute's window rather than a second's, so a slow first run on a busy machine cannot outlast it.
    snippet = rewrite(
      snippet,
      "rateLimit: { calls: 10, perMs: 1_000 }",
      "rateLimit: { calls: 10, perMs: 60_000 }",
    );
    snippet = rewrite(
      snippet,
      "console.error(`MCP endpoint: ${server.url}`);",
      "export { server, api, store };",
    );
    const folder = new URL("../.generated/", import.meta.url);
    mkdirSync(folder, { recursive: true });
    for (const name of ["a", "b"]) {
      // Two module files: each import runs the snippet once, as two replicas would.
      const file = new URL(`readme-replica-${name}.ts`, folder);
      writeFileSync(file, `${localImports(snippet)}\n`);
      replicas.push((await import(file.href)) as Replica);
    }
    const hits: string[] = [];
    for (const { server } of replicas) {
      const client = new Client({ name: "readme", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      clients.push(client);
      const result = (await client.callTool({
        name: "script",
        arguments: {
          commands: 'for i in 1 2 3 4 5 6 7 8; do search --q "$i" >/dev/null 2>&1 && echo ok; done',
        },
      })) as CallToolResult;
      hits.push(
        ...(result.content[0]?.type === "text" ? result.content[0].text : "").split("\n").filter(Boolean),
      );
    }
    // 16 tries across the two replicas: 10 ran.
    expect(hits.filter((line) => line === "ok")).toHaveLength(10);
  });
});
