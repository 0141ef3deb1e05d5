/**
 * Results as content (issue 17, part 4): MCP's `tools/call` result shape, `{ content: [...blocks],
 * structuredContent?, isError? }`, as the text a command prints. An upstream MCP server's results and a tool's own
 * callback that returns that shape (with `appData` for the host) print the same way.
 */
import { ToolError } from "../errors.js";
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

/** The keys a callback's content result may have; any other key makes the value ordinary data. */
const CONTENT_RESULT_KEYS = new Set(["content", "structuredContent", "isError", "appData", "_meta"]);
/** Block types MCP defines: a `content` array of anything else is ordinary data, printed as JSON. */
const BLOCK_TYPES = new Set(["text", "image", "audio", "resource", "resource_link"]);

/** A callback's value in MCP's result shape: what it prints from, and its appData (for the record only). */
export interface ContentResult extends ToolCallResult {
  appData?: unknown;
}

/**
 * The value as a content result, or undefined when it is ordinary data: a plain object with a `content` array
 * of MCP blocks (each `{ type: "text" | "image" | "audio" | "resource" | "resource_link", ... }`), `isError`
 * absent or boolean, and no keys but content, structuredContent, isError, appData and _meta.
 */
export function asContentResult(value: unknown): ContentResult | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const result = value as Record<string, unknown>;
  if (!Array.isArray(result.content)) return undefined;
  if (!Object.keys(result).every((key) => CONTENT_RESULT_KEYS.has(key))) return undefined;
  if (result.isError !== undefined && typeof result.isError !== "boolean") return undefined;
  const known = (block: unknown): boolean =>
    typeof block === "object" &&
    block !== null &&
    typeof (block as { type?: unknown }).type === "string" &&
    BLOCK_TYPES.has((block as { type: string }).type);
  return result.content.every(known) ? (result as ContentResult) : undefined;
}
