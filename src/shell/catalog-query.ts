/**
 * The one query over the tools that `help`, the shell's `discover` and the MCP `discover` tool answer from: which
 * tools match a filter, one tool by name, and how many tools each category, tag or namespace has. Each surface
 * formats the answer its own way; what matches, how it is counted and in which order is decided here only.
 */
import { closest } from "../issues/suggest.js";
import type { ToolSpec } from "../tool/tool.js";

/** Filters that must all hold (none matches every tool); each compares without regard to case. */
export interface CatalogFilter {
  /** Text found in a tool's name or description. */
  text?: string;
  /** A tool's category, whole. */
  category?: string;
  /** One of a tool's tags, whole. */
  tag?: string;
}

/** What tools can be grouped by. */
export type CatalogGrouping = "categories" | "tags" | "namespaces";

/** The part of a dotted name before its last dot (`crm.notes.add` is in `crm.notes`); "" at the top level. */
function namespaceOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(0, dot);
}

/** The tools that pass every filter, in the order they were registered. */
export function matchingTools(specs: Iterable<ToolSpec>, filter: CatalogFilter): ToolSpec[] {
  const text = filter.text?.toLowerCase();
  const category = filter.category?.toLowerCase();
  const tag = filter.tag?.toLowerCase();
  return [...specs].filter(
    (spec) =>
      (text === undefined ||
        spec.name.toLowerCase().includes(text) ||
        spec.description.toLowerCase().includes(text)) &&
      (category === undefined || spec.category?.toLowerCase() === category) &&
      (tag === undefined || spec.tags.some((candidate) => candidate.toLowerCase() === tag)),
  );
}

function groupsOf(spec: ToolSpec, grouping: CatalogGrouping): readonly string[] {
  if (grouping === "categories") return spec.category ? [spec.category] : [];
  if (grouping === "tags") return spec.tags;
  return [namespaceOf(spec.name)];
}

/** How many of the tools each group has, the groups sorted by name (a tool without a category is in none). */
export function groupCounts(specs: Iterable<ToolSpec>, grouping: CatalogGrouping): Map<string, number> {
  const counts = new Map<string, number>();
  for (const spec of specs) {
    for (const group of groupsOf(spec, grouping)) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** One tool by its exact name, or the closest name there is to suggest instead. */
export function findTool(
  specs: Iterable<ToolSpec>,
  name: string,
): { spec: ToolSpec } | { spec?: undefined; suggestion: string | undefined } {
  const list = [...specs];
  const spec = list.find((candidate) => candidate.name === name);
  if (spec) return { spec };
  return {
    suggestion: closest(
      name,
      list.map((candidate) => candidate.name),
    ),
  };
}
