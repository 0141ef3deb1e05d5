import type { Command, ExecResult } from "just-bash";
import type { RunContext } from "../src/shell/run-context.js";
import type { ToolSpec } from "../src/tool.js";
import { commandResult, timed } from "./common.js";
import { toolList } from "./help.js";

const USAGE =
  "usage: discover [--categories | --category NAME | --tag NAME | --search TEXT | --namespaces] [--json]\n";

interface Query {
  mode: "categories" | "namespaces" | "category" | "tag" | "search";
  value: string;
  json: boolean;
}

function parseQuery(argv: string[]): Query | undefined {
  const json = argv.includes("--json");
  const words = argv.filter((word) => word !== "--json");
  if (words.length === 0) return { mode: "namespaces", value: "", json };
  const [flag, ...rest] = words;
  if ((flag === "--categories" || flag === "--namespaces") && rest.length === 0) {
    return { mode: flag === "--categories" ? "categories" : "namespaces", value: "", json };
  }
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

function countBy(specs: ToolSpec[], key: (spec: ToolSpec) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const spec of specs) {
    const group = key(spec);
    if (group !== undefined) counts.set(group, (counts.get(group) ?? 0) + 1);
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
  if (query.mode === "categories")
    return groups(
      countBy(specs, (spec) => spec.category),
      "category",
      query.json,
      "",
    );
  if (query.mode === "namespaces") {
    return groups(
      countBy(specs, (spec) => namespaceOf(spec.name)),
      "namespace",
      query.json,
      "(top level)",
    );
  }
  const found = matching(specs, query);
  if (query.json) {
    const rows = found.map((spec) => ({
      name: spec.name,
      description: spec.description,
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
  return commandResult(`${toolList(found)}\n`, "", 0);
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
