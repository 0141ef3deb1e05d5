/**
 * The command each upstream tool becomes: its name (`namespace.tool`), whether it is skipped and why, and the
 * ToolDefinition registered for it. src/mcp/client.ts connects, lists and keeps the commands in line with the
 * listing; this module decides what one listed tool turns into.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { ToolshellError } from "../errors.js";
import { IMPORT_SLICE_MS, MAX_UPSTREAM_COMMAND_CHARS } from "../limits.js";
import type { ToolAnnotations } from "../tool/risk.js";
import { THIRD_PARTY_LISTING } from "../tool/third-party.js";
import type { ToolDefinition } from "../tool/tool.js";
import { schemaCostProblem } from "./client-listing.js";
import { sanitizeSegment } from "./client-spec.js";
import type { SkippedTool, UpstreamOptions } from "./client-types.js";

/** A planned import of one upstream tool. */
interface Wanted {
  tool: Tool;
  command: string;
  /** What the tool looked like when listed, to notice a change. */
  fingerprint: string;
}

/** Text quoted from a peer, cut so that a hostile listing cannot flood a reason or a log line. */
export function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}

/** TM-DOS-005: a long loop yields to the event loop once each IMPORT_SLICE_MS of work. */
export class Slices {
  private start: number = performance.now();

  /** Yields to the event loop if this slice has run for IMPORT_SLICE_MS. */
  async next(): Promise<void> {
    if (performance.now() - this.start <= IMPORT_SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.start = performance.now();
  }
}

/** How planCommands runs: at the first import or a refresh, yielding by `slices`, noting skipped tools. */
interface PlanOptions {
  /** The first import: a collision throws rather than skipping the tool. */
  initial: boolean;
  slices: Slices;
  /** Where a tool that cannot become a command is listed, with why. */
  skipped: SkippedTool[];
}

/** Why a listed tool cannot become `command` (its task support, name length or schemas), else its fingerprint. */
function examine(tool: Tool, command: string): { fingerprint: string } | { reason: string } {
  if (tool.execution?.taskSupport === "required") {
    return { reason: "it can only run as an MCP task, which toolshell does not support yet" };
  }
  if (command.length > MAX_UPSTREAM_COMMAND_CHARS) {
    return {
      reason: `its name would make a command of ${command.length} characters (at most ${MAX_UPSTREAM_COMMAND_CHARS})`,
    };
  }
  try {
    const inputJson = JSON.stringify(tool.inputSchema);
    const outputJson = tool.outputSchema === undefined ? undefined : JSON.stringify(tool.outputSchema);
    const fingerprint = JSON.stringify([
      tool.title,
      tool.description,
      inputJson,
      outputJson,
      tool.annotations,
    ]);
    // TM-DOS-005: one tool's validators compile in one step; a schema past the bounds is not compiled.
    const problem = schemaCostProblem(tool, { inputJson, outputJson });
    return problem === undefined ? { fingerprint } : { reason: problem };
  } catch {
    // A peer can list a schema nested deeper than the stack (a RangeError) or than validation allows.
    return { reason: "its listing is nested too deeply to read" };
  }
}

/**
 * The commands the listed tools of upstream `namespace` should become, by upstream tool name; a collision throws
 * at the first import and is skipped later.
 */
export async function planCommands(
  namespace: string,
  tools: readonly Tool[],
  { initial, slices, skipped }: PlanOptions,
): Promise<Map<string, Wanted>> {
  const wanted = new Map<string, Wanted>();
  const byCommand = new Map<string, string>();
  for (const tool of tools) {
    await slices.next();
    if (wanted.has(tool.name)) continue;
    const command = `${namespace}.${sanitizeSegment(tool.name)}`;
    const other = byCommand.get(command);
    if (other !== undefined) {
      const reason = `upstream tools ${clip(JSON.stringify(other))} and ${clip(JSON.stringify(tool.name))} both become the command ${command}`;
      if (initial) {
        throw new ToolshellError("tool_name_collision", `${reason}: leave one out with the filter option`);
      }
      skipped.push({ name: tool.name, reason });
      continue;
    }
    const examined = examine(tool, command);
    if ("reason" in examined) {
      skipped.push({ name: tool.name, reason: examined.reason });
      continue;
    }
    byCommand.set(command, tool.name);
    wanted.set(tool.name, { tool, command, fingerprint: examined.fingerprint });
  }
  return wanted;
}

/** The risk hints an upstream listed, the four boolean ones only. */
function hints(annotations: Tool["annotations"]): ToolAnnotations | undefined {
  if (!annotations) return undefined;
  const out: ToolAnnotations = {};
  for (const key of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const) {
    if (typeof annotations[key] === "boolean") out[key] = annotations[key];
  }
  return out;
}

/** The definition registered for upstream `tool` as `command`, its calls made by `execute`. */
export function commandDefinition(
  tool: Tool,
  command: string,
  options: UpstreamOptions,
  execute: ToolDefinition["execute"],
): ToolDefinition {
  const untrusted = options.trust === "untrusted";
  const trusted = options.trustAnnotations ?? !untrusted;
  const description = tool.description ?? tool.title ?? "";
  const definition: ToolDefinition = { name: command, description, inputSchema: tool.inputSchema, execute };
  if (tool.outputSchema !== undefined) definition.outputSchema = tool.outputSchema;
  // TM-INJ-001: registration cleans and checks every upstream's listing; an untrusted one's text is fenced
  // too and its output is third-party text.
  if (untrusted) {
    definition.descriptionTrust = "untrusted";
    definition.trust = "untrusted";
  } else {
    (definition as { [THIRD_PARTY_LISTING]?: true })[THIRD_PARTY_LISTING] = true;
  }
  const annotations = trusted ? hints(tool.annotations) : undefined;
  if (annotations) definition.annotations = annotations;
  if (options.timeoutMs !== undefined) definition.timeoutMs = options.timeoutMs;
  return definition;
}
