/**
 * The discover tool beside the script tool (an MCP server in discovery mode, `api.toolset({ discovery: true })`
 * and every adapter's discovery pair): lets a model browse the shell's tools (the answers of the shell's own `help`
 * and `discover`) without running a script. Read-only and pure: no SDK import here.
 */

import type { JsonSchema } from "../src/schema/json-schema.js";
import { findTool, groupCounts, matchingTools } from "../src/shell/catalog-query.js";
import type { Deprecation } from "../src/tool/deprecation.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { toolList, toolUsage } from "./help.js";

/** What the `discover` tool accepts: a tool's name, or filters that must all hold (none lists every tool). */
export interface DiscoverQuery {
  /** Text searched in names and descriptions (case-insensitive), as `discover --search`. */
  query?: string;
  /** Exact category (case-insensitive), as `discover --category`. */
  category?: string;
  /** Exact tag (case-insensitive), as `discover --tag`. */
  tag?: string;
  /** One tool's full usage and schemas, as `help <tool>`; not combined with the filters. */
  tool?: string;
}

/** One tool as the `discover` tool's structured answer lists it. */
export interface DiscoveredTool {
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  /** The tool is deprecated: what to use instead, and why. */
  deprecated?: Deprecation;
  /** Only when a single tool was asked for by name. */
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
}

/** The `discover` tool's answer: the text a model reads, the structured list, and whether the query failed. */
export interface DiscoverAnswer {
  text: string;
  tools: DiscoveredTool[];
  isError: boolean;
}

const FIELDS = ["query", "category", "tag", "tool"] as const;

/** The `discover` tool's input schema. */
export const DISCOVER_INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "Text to find in tool names and descriptions." },
    category: { type: "string", description: "Only tools of this category." },
    tag: { type: "string", description: "Only tools with this tag." },
    tool: {
      type: "string",
      description:
        "One tool's name: its flags, output shape and JSON schemas (not combined with the filters).",
    },
  },
  additionalProperties: false,
};

/** The `discover` tool's output schema (draft-07 compatible, as MCP clients validate with it). */
export const DISCOVER_OUTPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    tools: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          description: { type: "string" },
          category: { type: ["string", "null"] },
          tags: { type: "array", items: { type: "string" } },
          deprecated: {
            type: "object",
            properties: { replacement: { type: "string" }, message: { type: "string" } },
          },
          inputSchema: { type: "object" },
          outputSchema: { type: "object" },
        },
        required: ["name", "description", "category", "tags"],
      },
    },
  },
  required: ["tools"],
};

/** The tool's description, naming the script tool it serves. */
export function discoverDescription(scriptToolName: string): string {
  return (
    `Browse the commands available inside the \`${scriptToolName}\` tool without running a script: ` +
    "no arguments lists them all with their categories and tags; `query`, `category` and `tag` filter; " +
    "`tool` gives one command's flags and output shape."
  );
}

/** Reads the tool's arguments; a string naming what is wrong when they are not a valid query. */
export function parseDiscoverQuery(args: unknown): DiscoverQuery | string {
  if (args === undefined) return {};
  if (typeof args !== "object" || args === null || Array.isArray(args)) return "arguments must be an object";
  const query: DiscoverQuery = {};
  for (const [key, value] of Object.entries(args)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      return `unknown argument ${JSON.stringify(key)}; expected ${FIELDS.join(", ")}`;
    }
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") return `${key} must be a string`;
    query[key as (typeof FIELDS)[number]] = value;
  }
  if (query.tool !== undefined && (query.query ?? query.category ?? query.tag) !== undefined) {
    return "give either tool, or any of query, category and tag";
  }
  return query;
}

function summary(spec: ToolSpec): DiscoveredTool {
  const tool: DiscoveredTool = {
    name: spec.name,
    description: spec.description,
    category: spec.category ?? null,
    tags: spec.tags,
  };
  if (spec.deprecated) tool.deprecated = spec.deprecated;
  return tool;
}

/** `name (count)` for each group, as `discover` (the shell's) prints its overview. */
function countsText(counts: Map<string, number>): string {
  return [...counts].map(([name, count]) => `${name} (${count})`).join(", ");
}

function oneTool(specs: ToolSpec[], name: string): DiscoverAnswer {
  const found = findTool(specs, name);
  const spec = found.spec;
  if (!spec) {
    const hint = found.suggestion ? ` (did you mean ${found.suggestion}?)` : "";
    return {
      text: `no tool named ${name}${hint}. Call discover with no arguments to list them.\n`,
      tools: [],
      isError: true,
    };
  }
  const tool: DiscoveredTool = { ...summary(spec), inputSchema: spec.inputSchema };
  if (spec.outputSchema !== undefined) tool.outputSchema = spec.outputSchema;
  return { text: toolUsage(spec), tools: [tool], isError: false };
}

function filtered(specs: ToolSpec[], query: DiscoverQuery): DiscoverAnswer {
  const found = matchingTools(specs, { text: query.query, category: query.category, tag: query.tag });
  const filters = [
    query.query !== undefined ? `matching "${query.query}"` : undefined,
    query.category !== undefined ? `in category "${query.category}"` : undefined,
    query.tag !== undefined ? `tagged "${query.tag}"` : undefined,
  ].filter(Boolean);
  const lines: string[] = [];
  if (filters.length === 0) {
    lines.push(`Tools (${found.length}):`);
  } else if (found.length === 0) {
    lines.push(`No tools ${filters.join(", ")}. Call discover with no arguments to list them all.`);
  } else {
    lines.push(`Tools ${filters.join(", ")} (${found.length}):`);
  }
  if (found.length > 0) lines.push(toolList(found));
  if (filters.length === 0) {
    const categories = countsText(groupCounts(found, "categories"));
    const tags = countsText(groupCounts(found, "tags"));
    if (categories) lines.push(`Categories: ${categories}`);
    if (tags) lines.push(`Tags: ${tags}`);
  }
  if (found.length > 0) lines.push("Details of one: discover with `tool`, or `help <tool>` inside a script.");
  return { text: `${lines.join("\n")}\n`, tools: found.map(summary), isError: false };
}

/** Answers a discover query over the current tools. */
export function answerDiscover(specs: ToolSpec[], query: DiscoverQuery): DiscoverAnswer {
  return query.tool !== undefined ? oneTool(specs, query.tool) : filtered(specs, query);
}
