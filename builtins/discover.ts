import type { Command, ExecResult } from "#just-bash";
import { type CatalogGrouping, groupCounts, matchingTools } from "../src/shell/catalog-query.js";
import type { ShellRun } from "../src/shell/shell-run.js";
import { fenceUntrustedText, UNTRUSTED_TEXT_NOTE } from "../src/text/untrusted.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { commandResult, timed } from "./common.js";
import { toolList } from "./help.js";

const USAGE =
  "usage: discover [TEXT | --categories | --tags | --namespaces | --category NAME | --tag NAME | --search TEXT] [--json]\n";

const HELP = [
  USAGE.trimEnd(),
  "  (nothing)         how many tools there are, by category, tag and namespace",
  "  TEXT              tools whose name or description contains TEXT (any case); same as --search TEXT",
  "  --category NAME   tools of that category; --tag NAME: tools with that tag",
  "  --categories, --tags, --namespaces   each group with its number of tools",
  "  --json            the same answer as JSON",
  "",
].join("\n");

interface Query {
  mode: "overview" | "help" | CatalogGrouping | "category" | "tag" | "search";
  value: string;
  json: boolean;
}

const GROUPING_FLAGS: ReadonlyMap<string, CatalogGrouping> = new Map([
  ["--categories", "categories"],
  ["--tags", "tags"],
  ["--namespaces", "namespaces"],
]);

const FILTER_FLAGS: ReadonlyMap<string, "category" | "tag" | "search"> = new Map([
  ["--category", "category"],
  ["--tag", "tag"],
  ["--search", "search"],
]);

function parseQuery(argv: string[]): Query | undefined {
  const json = argv.includes("--json");
  const words = argv.filter((word) => word !== "--json");
  if (words.length === 0) return { mode: "overview", value: "", json };
  const [flag = "", ...rest] = words;
  if (flag === "--help" && rest.length === 0) return { mode: "help", value: "", json };
  const grouping = GROUPING_FLAGS.get(flag);
  if (grouping && rest.length === 0) return { mode: grouping, value: "", json };
  // Bare words are the text to search for: what a model tries first (`discover customer`).
  if (!flag.startsWith("-")) {
    return rest.some((word) => word.startsWith("--"))
      ? undefined
      : { mode: "search", value: words.join(" "), json };
  }
  const filter = FILTER_FLAGS.get(flag);
  const value = rest.join(" ");
  return filter && value !== "" ? { mode: filter, value, json } : undefined;
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
  categories: "category",
  tags: "tag",
  namespaces: "namespace",
} as const satisfies Record<CatalogGrouping, string>;

/** `discover` alone: what there is to filter by, in a few lines. */
function overview(specs: ToolSpec[], json: boolean): ExecResult {
  const summary = Object.fromEntries(
    (Object.keys(GROUPINGS) as CatalogGrouping[]).map((grouping) => [
      grouping,
      Object.fromEntries(groupCounts(specs, grouping)),
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
    "Filter: discover TEXT | --category NAME | --tag NAME | --search TEXT (add --json); details: help <tool>",
  ];
  return commandResult(`${lines.filter(Boolean).join("\n")}\n`, "", 0);
}

function matching(specs: ToolSpec[], query: Query): ToolSpec[] {
  if (query.mode === "category") return matchingTools(specs, { category: query.value });
  if (query.mode === "tag") return matchingTools(specs, { tag: query.value });
  return matchingTools(specs, { text: query.value });
}

function discover(run: ShellRun, argv: string[]): ExecResult {
  const query = parseQuery(argv);
  if (!query) return commandResult("", USAGE, 2);
  const specs = [...run.catalog.tools.values()];
  if (query.mode === "help") return commandResult(HELP, "", 0);
  if (query.mode === "overview") return overview(specs, query.json);
  if (query.mode === "categories" || query.mode === "tags" || query.mode === "namespaces") {
    return groups(groupCounts(specs, query.mode), GROUPINGS[query.mode], query.json, "(top level)");
  }
  const found = matching(specs, query);
  if (query.json) {
    const rows = found.map((spec) => ({
      name: spec.name,
      description: spec.untrustedDescription ? fenceUntrustedText(spec.description) : spec.description,
      category: spec.category ?? null,
      tags: spec.tags,
      ...(spec.deprecated ? { deprecated: spec.deprecated } : {}),
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
export function discoverCommand(run: ShellRun): Command {
  return {
    name: "discover",
    trusted: true,
    async execute(argv) {
      return timed(run, "discover", "discover", argv, () => discover(run, argv));
    },
  };
}
