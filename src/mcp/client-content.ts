import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ToolError } from "../errors.js";
import { MAX_QUOTED_UPSTREAM_MESSAGE } from "../limits.js";

export { resultValue, type ToolCallResult } from "../tool/content.js";

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^(MCP error -?\d+: )+/, "");
}

/**
 * An error message on one line, without the SDK's `MCP error -32602: ` prefix, cut to MAX_QUOTED_UPSTREAM_MESSAGE
 * (a multi-line message, such as a schema library's list of issues, is joined rather than cut to its first line).
 */
export function plainMessage(error: unknown): string {
  const message = messageOf(error).replace(/\s+/g, " ").trim() || "unknown error";
  return message.length <= MAX_QUOTED_UPSTREAM_MESSAGE
    ? message
    : `${message.slice(0, MAX_QUOTED_UPSTREAM_MESSAGE)}...`;
}

interface SchemaIssue {
  path?: unknown;
  message?: unknown;
}

/** The first issue of a schema library's error, as `content.0.type: Invalid input`. */
function firstIssue(issues: unknown): string | undefined {
  const issue = Array.isArray(issues) ? (issues[0] as SchemaIssue | undefined) : undefined;
  if (typeof issue !== "object" || issue === null || typeof issue.message !== "string") return undefined;
  const path = Array.isArray(issue.path) ? issue.path.join(".") : "";
  return plainMessage(path === "" ? issue.message : `${path}: ${issue.message}`);
}

const INVALID_RESULT = /^Invalid tools\/call result: /;

/**
 * TM-FUZZ-002: what is wrong with a result that is not valid MCP, or undefined for any other error. The client
 * SDK rejects one with its schema library's error (`issues`); a server built on the SDK refuses its own tool's
 * bad result with InvalidParams, which is not the caller's fault (exit 2 would send the model fixing arguments).
 */
function invalidResult(error: unknown): string | undefined {
  if (error instanceof McpError) {
    const message = messageOf(error);
    if (error.code !== ErrorCode.InvalidParams || !INVALID_RESULT.test(message)) return undefined;
    const listed = message.replace(INVALID_RESULT, "");
    try {
      return firstIssue(JSON.parse(listed)) ?? plainMessage(listed);
    } catch {
      return plainMessage(listed);
    }
  }
  if (typeof error === "object" && error !== null && "issues" in error) return firstIssue(error.issues);
  return undefined;
}

/**
 * A failed request to an upstream as the ToolError a script sees: a timeout exits 124, arguments the upstream
 * rejected exit 2; a result that is not valid MCP, a closed connection and every other protocol or transport
 * error exit 1 with a clear message.
 */
export function requestError(upstream: string, error: unknown, timeoutMs: number): ToolError {
  const invalid = invalidResult(error);
  if (invalid !== undefined) {
    return new ToolError(
      `upstream "${upstream}" sent a tools/call result that is not valid MCP (${invalid})`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new ToolError(`upstream "${upstream}" did not answer within ${timeoutMs} ms`, {
        exitCode: 124,
        cause: error,
      });
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new ToolError(`the connection to upstream "${upstream}" is closed`, { cause: error });
    }
    if (error.code === ErrorCode.InvalidParams) {
      return new ToolError(`upstream "${upstream}" rejected the call: ${plainMessage(error)}`, {
        exitCode: 2,
        cause: error,
      });
    }
    return new ToolError(`upstream "${upstream}" failed: ${plainMessage(error)}`, { cause: error });
  }
  if (error instanceof Error && error.message === "Not connected") {
    return new ToolError(`the connection to upstream "${upstream}" is closed`, { cause: error });
  }
  return new ToolError(`upstream "${upstream}" failed: ${plainMessage(error)}`, { cause: error });
}
