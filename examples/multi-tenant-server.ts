/**
 * A multi-tenant HTTP endpoint: each request carries a bearer token, the token says which tenant it is, and the
 * tenant reaches every tool callback (`ctx.tenant`) and the policy, so one ScriptedTool serves every tenant
 * without their data crossing. `npx tsx examples/multi-tenant-server.ts` listens on port 3000:
 *
 *   curl -s localhost:3000/run -H 'authorization: Bearer token-acme' -d '{"script":"add_note --text hi; list_notes"}'
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { type CallRecord, ScriptedTool, ToolError } from "../src/index.js";

/** Bytes of request body a run may send (the script). */
const MAX_BODY_BYTES = 64 * 1024;

interface TenantAccount {
  tenant: string;
  /** Viewers may read but not write: the policy enforces it. */
  role: "editor" | "viewer";
}

/** What the server needs: who each token is, and where each tenant's notes live. */
export interface NotesServerOptions {
  tokens?: Record<string, TenantAccount>;
  /** Receives every tool call's record (an audit log); tenants are in the records. */
  audit?: (record: CallRecord) => void;
}

const DEFAULT_TOKENS: Record<string, TenantAccount> = {
  "token-acme": { tenant: "acme", role: "editor" },
  "token-globex": { tenant: "globex", role: "editor" },
  "token-globex-viewer": { tenant: "globex", role: "viewer" },
};

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The notes service: `POST /run` with `{ "script": "..." }` runs the script for the token's tenant and answers
 * `{ stdout, stderr, exitCode }`. Returns the server (not listening yet) and a `close` that also stops the shell.
 */
export function createNotesServer(options: NotesServerOptions = {}): {
  server: Server;
  close: () => Promise<void>;
} {
  const tokens = options.tokens ?? DEFAULT_TOKENS;
  const notes = new Map<string, string[]>();
  const notesOf = (tenant: string | undefined): string[] => {
    if (!tenant) throw new ToolError("no tenant"); // never reached through the server: every run has one
    const list = notes.get(tenant) ?? [];
    notes.set(tenant, list);
    return list;
  };
  const api = new ScriptedTool({
    name: "notes",
    description: "The tenant's notes",
    onCall: options.audit,
    policy: (call) => {
      const { role } = call.context as { role: TenantAccount["role"] };
      return call.risk.readOnly || role === "editor"
        ? "allow"
        : { deny: `${call.tenant} viewers cannot write` };
    },
    tools: [
      {
        name: "list_notes",
        risk: { readOnly: true },
        execute: (_params, ctx) => notesOf(ctx.tenant),
      },
      {
        name: "add_note",
        risk: { readOnly: false, destructive: false },
        inputSchema: {
          type: "object",
          properties: { text: { type: "string", maxLength: 200 } },
          required: ["text"],
        },
        execute: ({ text }, ctx) => {
          notesOf(ctx.tenant).push(String(text));
          return { tenant: ctx.tenant, count: notesOf(ctx.tenant).length };
        },
      },
    ],
  });

  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || request.url !== "/run") return send(404, { error: "POST /run" });
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    const account = token === undefined ? undefined : tokens[token];
    if (!account) return send(401, { error: "unknown token" });
    void readBody(request)
      .then(async (text) => {
        let script: unknown;
        try {
          script = (JSON.parse(text) as { script?: unknown }).script;
        } catch {
          return send(400, { error: 'the body must be JSON: { "script": "..." }' });
        }
        if (typeof script !== "string") return send(400, { error: "script must be a string" });
        const controller = new AbortController();
        response.on("close", () => controller.abort()); // the client went away: stop its run
        const result = await api.execute(script, {
          tenant: account.tenant,
          context: { role: account.role },
          signal: controller.signal,
          timeoutMs: 10_000,
        });
        send(200, { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode });
      })
      .catch(() => send(413, { error: `the body may be at most ${MAX_BODY_BYTES} bytes` }));
  });

  return {
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { server } = createNotesServer({
    audit: (record) => console.log(`${record.tenant} ${record.name} ${record.outcome}`),
  });
  server.listen(Number(process.env.PORT ?? 3000), () => console.log("notes server on", server.address()));
}
