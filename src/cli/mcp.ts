import type { ScriptedTool } from "../scripted-tool.js";
import { CliError, errorMessage } from "./errors.js";
import type { CliIo } from "./io.js";

/** Options of `toolshell mcp`. */
export interface McpCommandOptions {
  /** Upstream MCP servers (a command line or an http(s) URL, optionally `name=`-prefixed) imported as commands. */
  upstreams: string[];
  /** Serve streamable HTTP on this port (0: any free port) instead of stdio. */
  httpPort?: number;
  /** Interface to bind with `httpPort` (default 127.0.0.1). */
  host?: string;
  /** The script tool's MCP name (default "script"). */
  toolName?: string;
  /** Also expose the `discover` tool. */
  discovery?: boolean;
  /** Wall time of each run in ms. */
  timeoutMs?: number;
  /** Said on stderr once the MCP SDK is loaded (the demo tools are in use). */
  notice?: string;
}

type ServerModule = typeof import("../mcp/server.js");
type ClientModule = typeof import("../mcp/client.js");

const SDK = "@modelcontextprotocol/sdk";

/** Loads a part of toolshell/mcp, turning a missing SDK into the one thing to do about it. */
async function loadMcpModule<T>(load: () => Promise<unknown>): Promise<T> {
  try {
    return (await load()) as T;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" && errorMessage(error).includes(SDK)) {
      throw new CliError(
        `the mcp command needs the MCP SDK (an optional peer dependency): npm install ${SDK}`,
        undefined,
        { cause: error },
      );
    }
    throw new CliError(`cannot load the MCP support: ${errorMessage(error)}`, undefined, { cause: error });
  }
}

/** Sends console output to stderr: on stdio, stdout carries protocol messages only, whatever a tool logs. */
export function consoleToStderr(): void {
  const write = (...args: unknown[]): void => console.error(...args);
  console.log = write;
  console.info = write;
  console.debug = write;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off("SIGINT", done);
      process.off("SIGTERM", done);
      resolve();
    };
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
}

function untilEnd(stream: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
  });
}

/**
 * Serves `api` over MCP (stdio, or streamable HTTP with `httpPort`) after importing each upstream's tools as
 * `name.tool` commands; resolves to the exit code once the server stops (stdin ends, SIGINT or SIGTERM). Logs go
 * to stderr only. Throws a CliError when the MCP SDK is missing or an upstream cannot be reached.
 */
export async function serveMcp(api: ScriptedTool, options: McpCommandOptions, io: CliIo): Promise<number> {
  const log = (line: string): void => {
    io.stderr.write(`toolshell: ${line}\n`);
  };
  const server = await loadMcpModule<ServerModule>(() => import("../mcp/server.js"));
  if (options.notice) io.stderr.write(options.notice);
  const upstreams: { close(): Promise<void> }[] = [];
  let running: { toolsChanged(): void; close(): Promise<void> } | undefined;
  const closeUpstreams = () => Promise.allSettled(upstreams.map((upstream) => upstream.close()));
  try {
    if (options.upstreams.length > 0) {
      const client = await loadMcpModule<ClientModule>(() => import("../mcp/client.js"));
      for (const spec of options.upstreams) {
        try {
          const connected = await client.connectUpstream(api, client.parseUpstream(spec), {
            onError: (error) => log(`upstream ${spec}: ${errorMessage(error)}`),
            onToolsChanged: (change) => {
              log(
                `upstream ${spec}: tools changed (${change.added.length} added, ${change.removed.length} removed)`,
              );
              running?.toolsChanged(); // the script tool's description and annotations follow its commands
            },
          });
          upstreams.push(connected);
          log(
            `imported ${connected.tools.length} tools from ${connected.name}: ${connected.tools.join(", ")}`,
          );
          for (const skipped of connected.skipped)
            log(`skipped ${connected.name}.${skipped.name}: ${skipped.reason}`);
        } catch (error) {
          throw new CliError(`--upstream ${spec}: ${errorMessage(error)}`, undefined, { cause: error });
        }
      }
    }
    const serverOptions = {
      toolName: options.toolName,
      discovery: options.discovery,
      timeoutMs: options.timeoutMs,
    };
    let stopped: Promise<void>;
    try {
      if (options.httpPort === undefined) {
        running = await server.serveStdio(api, serverOptions);
        stopped = Promise.race([untilEnd(io.stdin), untilSignal()]);
        log(`serving ${api.tools().length} tools over MCP on stdio`);
      } else {
        const http = await server.serveHttp(api, {
          ...serverOptions,
          port: options.httpPort,
          host: options.host,
        });
        running = http;
        stopped = untilSignal();
        log(`serving ${api.tools().length} tools over MCP at ${http.url}`);
      }
    } catch (error) {
      throw new CliError(`cannot start the MCP server: ${errorMessage(error)}`, undefined, { cause: error });
    }
    await stopped;
    await running.close();
    return 0;
  } finally {
    await closeUpstreams();
  }
}
