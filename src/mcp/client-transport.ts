import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport, SseError } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolshellError } from "../errors.js";
import type { HttpUpstream, StdioUpstream, Upstream } from "./client-spec.js";

/** What happens to a stdio upstream's stderr. */
export type UpstreamStderr = "inherit" | "ignore" | ((text: string) => void);

/** Bytes of a child's stderr kept to explain a failed start. */
const STDERR_TAIL = 4096;

/** The upstream as an engineer recognises it in an error message; URLs lose their query (it may hold a token). */
function describeUpstream(upstream: Upstream): string {
  if ("transport" in upstream) return upstream.name ?? "a custom transport";
  if ("url" in upstream) {
    try {
      const url = new URL(upstream.url);
      return `${url.origin}${url.pathname}`;
    } catch {
      return String(upstream.url);
    }
  }
  return [upstream.command, ...(upstream.args ?? [])].join(" ");
}

/** An error's text with the upstream's full URL (user, password, query) replaced by its description. */
function withoutUrl(text: string, upstream: Upstream, description: string): string {
  if (!("url" in upstream)) return text;
  const forms = [String(upstream.url)];
  try {
    forms.push(new URL(upstream.url).href);
  } catch {
    // not a URL: only its own spelling can appear
  }
  return forms.reduce((redacted, form) => redacted.replaceAll(form, description), text);
}

/** A transport opened for an upstream, with the tail of a child's stderr when it is captured. */
interface Opened {
  transport: Transport;
  stderrTail: () => string;
}

function stdioTransport(upstream: StdioUpstream, stderr: UpstreamStderr | undefined): Opened {
  if (typeof upstream.command !== "string" || upstream.command === "") {
    throw new ToolshellError("invalid_upstream", "a stdio upstream needs a command");
  }
  const transport = new StdioClientTransport({
    command: upstream.command,
    args: upstream.args ?? [],
    env: upstream.env,
    cwd: upstream.cwd,
    stderr: stderr === "inherit" || stderr === "ignore" ? stderr : "pipe",
  });
  let tail = "";
  const stream = transport.stderr;
  if (stream) {
    stream.on("data", (chunk: Buffer | string) => {
      const text = chunk.toString();
      if (typeof stderr === "function") {
        try {
          stderr(text);
        } catch {
          // a failing listener must not take the connection down
        }
      }
      tail = (tail + text).slice(-STDERR_TAIL);
    });
  }
  return { transport, stderrTail: () => tail };
}

function httpHeaders(upstream: HttpUpstream): RequestInit | undefined {
  return upstream.headers ? { headers: { ...upstream.headers } } : undefined;
}

/** The first line of an error, with the HTTP status when a transport saw one. */
function message(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  const status = error instanceof StreamableHTTPError || error instanceof SseError ? error.code : undefined;
  return typeof status === "number" && status > 0 ? `HTTP ${status}: ${text}` : text;
}

/** A 4xx answer to a Streamable HTTP attempt, other than an auth refusal: the server may only speak HTTP+SSE. */
function legacyServerHint(error: unknown): boolean {
  if (!(error instanceof StreamableHTTPError) || error.code === undefined) return false;
  return error.code >= 400 && error.code < 500 && error.code !== 401 && error.code !== 403;
}

async function connectHttp(
  upstream: HttpUpstream,
  freshClient: () => Client,
  timeoutMs: number,
): Promise<Client> {
  const url = new URL(upstream.url);
  const requestInit = httpHeaders(upstream);
  const client = freshClient();
  try {
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit }), { timeout: timeoutMs });
    return client;
  } catch (error) {
    await client.close().catch(() => {});
    if (!legacyServerHint(error)) throw error;
    const legacy = freshClient();
    try {
      await legacy.connect(new SSEClientTransport(url, { requestInit }), { timeout: timeoutMs });
      return legacy;
    } catch (sseError) {
      await legacy.close().catch(() => {});
      throw new Error(`${message(error)}; the HTTP+SSE fallback failed too: ${message(sseError)}`);
    }
  }
}

/** How long close() waits for an upstream to answer the DELETE that ends its session. */
const END_SESSION_TIMEOUT_MS = 2_000;

/**
 * Ends the client's Streamable HTTP session with the DELETE the spec asks of a client done with it, so the
 * upstream frees it now rather than when it expires; bounded, and quiet when the upstream does not answer. The
 * client still needs close() (which also aborts a DELETE still in flight).
 */
export async function endSession(client: Client): Promise<void> {
  const transport = client.transport;
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_SESSION_TIMEOUT_MS);
  });
  await Promise.race([transport.terminateSession().catch(() => {}), timeout]);
  clearTimeout(timer);
}

/**
 * Connects a client to the upstream and returns it. An HTTP upstream is tried with Streamable HTTP first; when
 * the server answers that attempt with a 4xx other than 401/403 (an older server that only speaks HTTP+SSE), a
 * second client from `freshClient` connects over SSE. A failure throws a ToolshellError (`upstream_failed`)
 * naming the upstream and, for a child process, the end of what it wrote to stderr.
 */
export async function connectTransport(
  upstream: Upstream,
  freshClient: () => Client,
  stderr: UpstreamStderr | undefined,
  timeoutMs: number,
): Promise<{ client: Client; stderrTail: () => string }> {
  let stderrTail = () => "";
  let transport: Transport | undefined;
  let client: Client | undefined;
  try {
    if ("url" in upstream) {
      return { client: await connectHttp(upstream, freshClient, timeoutMs), stderrTail };
    }
    if ("transport" in upstream) {
      transport = upstream.transport;
    } else {
      const opened = stdioTransport(upstream, stderr);
      transport = opened.transport;
      stderrTail = opened.stderrTail;
    }
    client = freshClient();
    await client.connect(transport, { timeout: timeoutMs });
    return { client, stderrTail };
  } catch (error) {
    if (ToolshellError.isInstance(error)) throw error;
    await client?.close().catch(() => {});
    await transport?.close().catch(() => {});
    // A child that died at once may still be flushing what it wrote to stderr.
    if (!("url" in upstream) && !("transport" in upstream)) await new Promise((ok) => setTimeout(ok, 50));
    const tail = stderrTail().trim();
    const said = tail === "" ? "" : `\nits stderr ended with:\n${tail}`;
    const where = describeUpstream(upstream);
    throw new ToolshellError(
      "upstream_failed",
      `could not connect to upstream ${where}: ${withoutUrl(message(error), upstream, where)}${said}`,
      { cause: error },
    );
  }
}
