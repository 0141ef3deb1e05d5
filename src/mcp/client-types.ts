/** The public types of the MCP client (connectUpstream's options, connection and change reports). */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { UpstreamStderr } from "./client-transport.js";

/** An upstream tool that was not imported, and why. */
export interface SkippedTool {
  /** The tool's name on the upstream server. */
  name: string;
  reason: string;
}

/** What one refresh changed, by command name. */
export interface ToolsChange {
  added: string[];
  removed: string[];
  changed: string[];
  /** The upstream tools not imported after this refresh, as in `connection.skipped`. */
  skipped: SkippedTool[];
}

/** Options of connectUpstream(). */
export interface UpstreamOptions {
  /**
   * The longest one call of an imported tool may take; past it the command ends with exit 124 (and the upstream
   * gets `notifications/cancelled`). Default: only the run's own deadline.
   */
  timeoutMs?: number;
  /** The longest connecting, and each `tools/list` request, may take (default 30 s). */
  connectTimeoutMs?: number;
  /**
   * A stdio upstream's stderr: `"inherit"` (the host's stderr), `"ignore"`, or a function that receives it as
   * text. Default: kept quietly, and its last 4 KB are quoted if the upstream fails to start.
   */
  stderr?: UpstreamStderr;
  /**
   * Map each tool's MCP annotations (`readOnlyHint`, `destructiveHint`, ...) to its risk, which the policy and
   * plan mode read (default true, false under `trust: "untrusted"`). Annotations are the server's own claims: set
   * false for an upstream you do not trust, and every tool counts as one that may write and destroy.
   */
  trustAnnotations?: boolean;
  /**
   * `"untrusted"` for a server you do not control: its tools' descriptions are fenced in `systemPrompt()`,
   * `help` and `discover` as third-party text (data, not instructions), its annotations are ignored (unless
   * `trustAnnotations: true`), and its tools' output is untrusted (`trust: "untrusted"` on each). Every
   * upstream's descriptions are cleaned whatever this says (control, bidi and invisible characters removed,
   * lengths capped). Default `"trusted"`.
   */
  trust?: "trusted" | "untrusted";
  /**
   * The most tools this upstream may have imported (after `filter`; default 1,000). A listing with more is
   * refused as a whole with an error naming the cap: connecting fails, a refresh keeps the previous commands.
   */
  maxTools?: number;
  /** Import only the tools for which this returns true. */
  filter?: (tool: Tool) => boolean;
  /** Called after each refresh that changed the commands (on `notifications/tools/list_changed` or refresh()). */
  onToolsChanged?: (change: ToolsChange) => void;
  /** Errors nobody awaits: an automatic refresh that failed (the previous tools stay), transport errors. */
  onError?: (error: Error) => void;
}

/** A live import of one upstream server's tools into a ScriptedTool. */
export interface UpstreamConnection {
  /** The namespace: its commands are `name.tool`. */
  readonly name: string;
  /** The command names registered now (they follow refreshes). */
  readonly tools: string[];
  /** Upstream tools that could not be imported (e.g. an external `$ref` in a schema), with the reason. */
  readonly skipped: SkippedTool[];
  /** The SDK client, for resources, prompts or anything else the server offers. */
  readonly client: Client;
  /** Lists the upstream's tools again: adds new ones, removes gone ones, replaces changed ones. */
  refresh(): Promise<void>;
  /**
   * Unregisters this upstream's commands and closes the connection (a stdio child is stopped; a Streamable HTTP
   * session is ended with a DELETE, waiting at most 2 s for the answer).
   */
  close(): Promise<void>;
}
