import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolshellError } from "../errors.js";
import { literalWords } from "../shell/guard.js";
import { assertToolName } from "../tool/tool.js";

export { sanitizeSegment } from "../tool/segment.js";

/** An upstream started as a child process speaking MCP over stdio. */
export interface StdioUpstream {
  /** The namespace of its commands (`name.tool`); default: the server's own name, sanitised. */
  name?: string;
  /** The executable, run without a shell (no `$VAR`, globs or pipes). */
  command: string;
  args?: string[];
  /**
   * Variables for the child, on top of a safe subset of the host's (HOME, LOGNAME, PATH, SHELL, TERM, USER; the
   * SDK's `getDefaultEnvironment()`): nothing else of the host's environment reaches the child unless given here.
   */
  env?: Record<string, string>;
  /** Working directory of the child (default: the host's). */
  cwd?: string;
}

/** An upstream reached over HTTP: Streamable HTTP, falling back to the older HTTP+SSE transport. */
export interface HttpUpstream {
  name?: string;
  url: string | URL;
  /** Sent with every request, e.g. `{ Authorization: "Bearer ..." }`. */
  headers?: Record<string, string>;
}

/** An upstream over a transport the caller built (in-memory pairs, websockets, custom auth). */
export interface TransportUpstream {
  name?: string;
  transport: Transport;
}

/** Where an upstream MCP server is and how to reach it. */
export type Upstream = StdioUpstream | HttpUpstream | TransportUpstream;

const NAME_PREFIX = /^([A-Za-z_][A-Za-z0-9_.-]*)=(?=\S)/;

/**
 * Parses an upstream as written on a command line: a command (`npx -y some-server --flag "two words"`, split as a
 * shell would, quotes and backslashes respected, nothing expanded) or an `http(s)://` URL, optionally prefixed
 * with `name=` to choose the namespace of its commands. A leading `VAR=value` is read as that name prefix, not
 * as an environment assignment: give variables with the `env` field of the result.
 * @example
 * parseUpstream("mem=npx -y @modelcontextprotocol/server-memory")
 * // { name: "mem", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] }
 * parseUpstream("https://example.com/mcp") // { url: "https://example.com/mcp" }
 */
export function parseUpstream(spec: string): Upstream {
  if (typeof spec !== "string" || spec.trim() === "") {
    throw new ToolshellError("invalid_upstream", "an upstream must be a command or an http(s) URL");
  }
  let rest = spec.trim();
  let name: string | undefined;
  const prefix = NAME_PREFIX.exec(rest);
  if (prefix?.[1] !== undefined) {
    name = checkedNamespace(prefix[1]);
    rest = rest.slice(prefix[0].length);
  }
  const named = name === undefined ? {} : { name };
  if (/^https?:\/\//i.test(rest)) {
    if (/\s/.test(rest)) {
      throw new ToolshellError(
        "invalid_upstream",
        `upstream URL ${JSON.stringify(rest)} contains whitespace`,
      );
    }
    try {
      new URL(rest);
    } catch {
      throw new ToolshellError("invalid_upstream", `upstream URL ${JSON.stringify(rest)} is not a valid URL`);
    }
    return { ...named, url: rest };
  }
  const [command, ...args] = splitCommand(rest);
  if (command === undefined) {
    throw new ToolshellError("invalid_upstream", "an upstream must be a command or an http(s) URL");
  }
  return { ...named, command, args };
}

/**
 * Splits a command line into words as bash reads them (the shell's own parser), without expanding anything:
 * quotes and backslashes are respected, and `$VAR`, `~` and globs stay as written, since no shell runs the
 * command. A line that is more than one plain command (pipes, `;`, redirections, `$(...)`) is refused.
 */
function splitCommand(line: string): string[] {
  let words: string[] | undefined;
  try {
    words = literalWords(line, true);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const quote = /matching `(["'])'/.exec(message)?.[1];
    if (quote !== undefined) {
      throw new ToolshellError("invalid_upstream", `unterminated ${quote} quote in ${JSON.stringify(line)}`);
    }
    throw new ToolshellError(
      "invalid_upstream",
      `cannot read upstream command ${JSON.stringify(line)}: ${message}`,
    );
  }
  if (words === undefined) {
    throw new ToolshellError(
      "invalid_upstream",
      `upstream command ${JSON.stringify(line)} must be one plain command: it runs without a shell, so no ` +
        "pipes, ;, redirections or substitutions",
    );
  }
  return words;
}

/** Checks a namespace given by the caller: it must already be valid (a silent rename would surprise). */
export function checkedNamespace(name: string): string {
  try {
    assertToolName(name);
  } catch {
    throw new ToolshellError(
      "invalid_upstream",
      `invalid upstream name ${JSON.stringify(name)}: use letters, digits, "_", "-" or ".", starting with a letter or "_"`,
    );
  }
  return name;
}
