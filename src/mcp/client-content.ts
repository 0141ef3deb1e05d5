import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { ToolError } from "../errors.js";
import { MAX_QUOTED_UPSTREAM_MESSAGE } from "../limits.js";
import { trimNewlinesEnd } from "../text/cut.js";

/** One content block of a tool result, as loosely as the wire allows (unknown types must not be lost). */
interface ContentBlock {
  type: string;
  [key: string]: unknown;
}

/** The parts of an MCP `tools/call` result that decide what the command prints. */
export interface ToolCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** Pre-2025 servers answer with `toolResult` instead of content. */
  toolResult?: unknown;
}

function base64Bytes(data: unknown): number {
  if (typeof data !== "string") return 0;
  const clean = data.replace(/\s/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/**
 * One content block as the text a script sees: text as is; anything else described on its own line, e.g.
 * `[image image/png, 912 bytes, not shown]`, `[resource file:///a.txt text/plain]` followed by its text,
 * `[resource link file:///b.bin "b.bin" application/octet-stream]`.
 */
function describeBlock(block: ContentBlock): string {
  const mime = (value: unknown) => (str(value) ? ` ${value}` : "");
  switch (block.type) {
    case "text":
      return typeof block.text === "string" && block.text !== "" ? withNewline(block.text) : "";
    case "image":
    case "audio":
      return `[${block.type}${mime(block.mimeType)}, ${base64Bytes(block.data)} bytes, not shown]\n`;
    case "resource": {
      const resource = (
        typeof block.resource === "object" && block.resource !== null ? block.resource : {}
      ) as { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown } | Record<string, never>;
      const head = `[resource ${str(resource.uri) ?? "(no uri)"}${mime(resource.mimeType)}`;
      if (typeof resource.text === "string")
        return `${head}]\n${resource.text === "" ? "" : withNewline(resource.text)}`;
      return `${head}, ${base64Bytes(resource.blob)} bytes, not shown]\n`;
    }
    case "resource_link": {
      const name = str(block.name) ? ` ${JSON.stringify(block.name)}` : "";
      return `[resource link ${str(block.uri) ?? "(no uri)"}${name}${mime(block.mimeType)}]\n`;
    }
    default:
      return `[${typeof block.type === "string" ? block.type : "unknown"} content, not shown]\n`;
  }
}

function blocks(content: unknown): ContentBlock[] {
  if (!Array.isArray(content)) return [];
  return content.filter(
    (block): block is ContentBlock => typeof block === "object" && block !== null && "type" in block,
  );
}

/** structuredContent as compact JSON; a peer can nest it deeper than JSON.stringify's stack reaches. */
function structuredJson(value: unknown, prefix = ""): string {
  try {
    return JSON.stringify(value);
  } catch {
    throw new ToolError(`${prefix}its structuredContent is nested too deeply to show`);
  }
}

/**
 * What a command prints for a `tools/call` result: `structuredContent` as a JSON value (compact, one line); else
 * the content blocks in order, text as is and every other block described, never dropped. A result flagged
 * `isError` throws a ToolError with that text, so the script sees it on stderr and the command exits 1.
 * Alongside structuredContent, text blocks are taken as its serialisation (as the spec asks servers to send) and
 * other blocks are described on the lines after the JSON.
 */
export function resultValue(result: ToolCallResult): unknown {
  const content = blocks(result.content);
  if (result.isError === true) {
    let text = trimNewlinesEnd(content.map(describeBlock).join(""));
    if (text === "" && result.structuredContent !== undefined)
      text = structuredJson(result.structuredContent, "the tool reported an error; ");
    throw new ToolError(text === "" ? "the tool reported an error without a message" : text);
  }
  const structured = result.structuredContent;
  if (typeof structured === "object" && structured !== null) {
    const extra = content.filter((block) => block.type !== "text").map(describeBlock);
    return extra.length === 0 ? structured : `${structuredJson(structured)}\n${extra.join("")}`;
  }
  if (content.length === 0 && result.toolResult !== undefined) return result.toolResult;
  return content.map(describeBlock).join("");
}

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
