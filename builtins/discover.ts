import type { Command, ExecResult } from "#just-bash";
import type { RunContext } from "../src/shell/run-context.js";
import { fenceUntrustedText, UNTRUSTED_TEXT_NOTE } from "../src/text/untrusted.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { commandResult, timed } from "./common.js";
import { toolList } from "./help.js";

const USAGE =
  "usage: discover [--categories | --tags | --namespaces | --category NAME | --tag NAME | --search TEXT] [--json]\n";

interface Query {
  mode: "overview" | "categories" | "tags" | "namespaces" | "category" | "tag" | "search";
  value: string;
  json: boolean;
}

function parseQuery(argv: string[]): Query | undefined {
  const json = argv.includes("--json");
  const words = argv.filter((word) => word !== "--json");
  if (words.length === 0) return { mode: "overview", value: "", json };
  const [flag, ...rest] = words;
  const groupings = new Map([
    ["--categories", "categories"],
    ["--tags", "tags"],
    ["--namespaces", "namespaces"],
  ] as const);
  const grouping = flag === undefined ? undefined : groupings.get(flag as "--tags");
  if (grouping && rest.length === 0) return { mode: grouping, value: "", json };
  const value = rest.join(" ");
  if (value === "") return undefined;
  if (flag === "--category") return { mode: "category", value, json };
  if (flag === "--tag") return { mode: "tag", value, json };
  if (flag === "--search") return { mode: "search", value, json };
  return undefined;
}

function namespaceOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(0, dot);
}

function countBy(specs: ToolSpec[], key: (spec: ToolSpec) => readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const spec of specs) {
    for (const group of key(spec)) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

function groups(counts: Map<string, number>, label: string, json: boolean, emptyName: string): ExecResult {
  if (json) {
    const rows = [...counts].map(([name, count]) => ({ [label]: name || emptyName, count }));
    return commandResult(`${JSON.stringify(rows)}\n`, "", 0);
  }
  const lines = [...counts].map(([name, count]) => `${name || emptyName} (${count})`);
  return commandResult(lines.length > 0 ? `${lines.join("\n")}\n` : "", "", 0);
}

const GROUPINGS = {
  categories: { label: "category", key: (spec: ToolSpec) => (spec.category ? [spec.category] : []) },
  tags: { label: "tag", key: (spec: ToolSpec) => spec.tags },
  namespaces: { label: "namespace", key: (spec: ToolSpec) => [namespaceOf(spec.name)] },
} as const;

/** `discover` alone: what there is to filter by, in a few lines. */
function overview(specs: ToolSpec[], json: boolean): ExecResult {
  const summary = Object.fromEntries(
    Object.entries(GROUPINGS).map(([name, grouping]) => [
      name,
      Object.fromEntries(countBy(specs, grouping.key)),
    ]),
  );
  if (json) return commandResult(`${JSON.stringify({ tools: specs.length, ...summary })}\n`, "", 0);
  const line = (title: string, counts: Record<string, number>) => {
    const entries = Object.entries(counts).map(([name, count]) => `${name || "(top level)"} (${count})`);
    return entries.length > 0 ? `${title}: ${entries.join(", ")}` : undefined;
  };
  const lines = [
    `${specs.length} tools.`,
    line("Categories", summary.categories ?? {}),
    line("Tags", summary.tags ?? {}),
    Object.keys(summary.namespaces ?? {}).some(Boolean)
      ? line("Namespaces", summary.namespaces ?? {})
      : undefined,
    "Filter: discover --category NAME | --tag NAME | --search TEXT (add --json); details: help <tool>",
  ];
  return commandResult(`${lines.filter(Boolean).join("\n")}\n`, "", 0);
}

function matching(specs: ToolSpec[], query: Query): ToolSpec[] {
  const needle = query.value.toLowerCase();
  switch (query.mode) {
    case "category":
      return specs.filter((spec) => spec.category?.toLowerCase() === needle);
    case "tag":
      return specs.filter((spec) => spec.tags.some((tag) => tag.toLowerCase() === needle));
    default:
      return specs.filter(
        (spec) => spec.name.toLowerCase().includes(needle) || spec.description.toLowerCase().includes(needle),
      );
  }
}

function discover(run: RunContext, argv: string[]): ExecResult {
  const query = parseQuery(argv);
  if (!query) return commandResult("", USAGE, 2);
  const specs = [...run.catalog.tools.values()];
  if (query.mode === "overview") return overview(specs, query.json);
  if (query.mode === "categories" || query.mode === "tags" || query.mode === "namespaces") {
    const grouping = GROUPINGS[query.mode];
    return groups(countBy(specs, grouping.key), grouping.label, query.json, "(top level)");
  }
  const found = matching(specs, query);
  if (query.json) {
    const rows = found.map((spec) => ({
      name: spec.name,
      description: spec.untrustedDescription ? fenceUntrustedText(spec.description) : spec.description,
      category: spec.category ?? null,
      tags: spec.tags,
    }));
    return commandResult(`${JSON.stringify(rows)}\n`, "", 0);
  }
  if (found.length === 0) {
    return commandResult(
      "",
      `discover: no tools match ${query.mode} "${query.value}". Run \`help\` to list all.\n`,
      1,
    );
  }
  const note = found.some((spec) => spec.untrustedDescription) ? `${UNTRUSTED_TEXT_NOTE}\n` : "";
  return commandResult(`${toolList(found)}\n${note}`, "", 0);
}

/** `discover`: find tools by category, tag, namespace or text. */
export function discoverCommand(run: RunContext): Command {
  return {
    name: "discover",
    trusted: true,
    async execute(argv) {
      return timed(run, "discover", "discover", argv, () => discover(run, argv));
    },
  };
}
