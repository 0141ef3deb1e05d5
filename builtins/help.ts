import type { Command } from "#just-bash";
import { closest } from "../src/issues/suggest.js";
import { listAtMost, MAX_LISTED_VALUES } from "../src/issues/wording.js";
import { describeFlags, takesOtherFlags, usageLine } from "../src/schema/describe.js";
import { outputShape } from "../src/schema/shape.js";
import { HELP_COMMAND } from "../src/shell/internal-names.js";
import type { ShellRun } from "../src/shell/shell-run.js";
import {
  escapeHiddenInJson,
  shownDescription as shownText,
  UNTRUSTED_TEXT_NOTE,
} from "../src/text/untrusted.js";
import { deprecationNotice, withDeprecation } from "../src/tool/deprecation.js";
import type { ToolSpec } from "../src/tool/tool.js";
import { commandResult, timed } from "./common.js";

const SHELL_SUMMARY =
  "Shell: variables, arrays, functions, if/case/for/while, pipes, $(...), jq, grep, sed, awk, sort, uniq, cut, " +
  "tr, wc, head, tail, xargs, bc, parallel (concurrent calls: seq 1 9 | parallel -j 4 'tool --id {}'). " +
  "No files: keep data in variables and pipes.";

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function typeText(flag: { type: string; enum?: unknown[] }): string {
  if (!flag.enum) return flag.type;
  // At most MAX_LISTED_VALUES, then how many more (an upstream's enum may hold 10,000 values).
  return listAtMost(flag.enum.map(formatValue), MAX_LISTED_VALUES, "|");
}

function usageWidth(flag: { name: string; type: string; enum?: unknown[] }): number {
  return flag.name.length + typeText(flag).length + 5;
}

/** `get_user --help` / `help get_user`: usage with every flag, its type, required mark, enum values and description. */
export function toolUsage(spec: ToolSpec): string {
  const lines = [spec.description ? `${spec.name} - ${shownText(spec, spec.description)}` : spec.name];
  if (spec.deprecated) lines.push(`${deprecationNotice(spec.deprecated).replace(/^d/, "D")}.`);
  lines.push(`Usage: ${usageLine(spec.name, spec.inputSchema)}`);
  if (spec.outputSchema !== undefined) lines.push(`Output: ${outputShape(spec.outputSchema)}`);
  const flags = describeFlags(spec.inputSchema);
  if (flags.length > 0) {
    lines.push("Flags:");
    const width = Math.min(40, Math.max(...flags.map((flag) => usageWidth(flag))));
    for (const flag of flags) {
      const head = `--${flag.name} <${typeText(flag)}>`;
      const notes: string[] = [];
      if (flag.required) notes.push("required");
      if (flag.default !== undefined) notes.push(`default: ${formatValue(flag.default)}`);
      const note = notes.length > 0 ? `(${notes.join("; ")}) ` : "";
      const description = flag.description ? shownText(spec, flag.description, true) : "";
      lines.push(`  ${head.padEnd(width)}  ${note}${description}`.trimEnd());
    }
    if (takesOtherFlags(spec.inputSchema)) lines.push("Other flags are passed on as given.");
    lines.push(`Params may also come as JSON on stdin: echo '{...}' | ${spec.name}`);
  }
  if (spec.untrustedDescription) lines.push(UNTRUSTED_TEXT_NOTE);
  return `${lines.join("\n")}\n`;
}

/** One line per tool: name and the first line of its description. */
export function toolList(specs: Iterable<ToolSpec>): string {
  const list = [...specs];
  const width = Math.min(32, Math.max(0, ...list.map((spec) => spec.name.length)));
  return list
    .map((spec) =>
      `  ${spec.name.padEnd(width)}  ${withDeprecation(spec, shownText(spec, spec.description.split("\n")[0] ?? ""))}`.trimEnd(),
    )
    .join("\n");
}

function helpOverview(run: ShellRun): string {
  const tools = [...run.catalog.tools.values()];
  return [
    `Tools (${tools.length}):`,
    toolList(tools),
    "Run `help <tool>` (or `<tool> --help`) for its flags; `discover --search TEXT` to find tools.",
    ...(tools.some((spec) => spec.untrustedDescription) ? [UNTRUSTED_TEXT_NOTE] : []),
    SHELL_SUMMARY,
    "",
  ].join("\n");
}

function helpFor(
  run: ShellRun,
  name: string,
  json: boolean,
): { stdout: string; stderr: string; exitCode: number } {
  const spec = run.catalog.tools.get(name);
  if (!spec) {
    const suggestion = closest(name, run.catalog.names);
    const hint = suggestion ? ` (did you mean ${suggestion}?)` : "";
    return {
      stdout: "",
      stderr: `help: no tool named ${name}${hint}. Run \`help\` to list tools.\n`,
      exitCode: 1,
    };
  }
  if (json) {
    const body = {
      name: spec.name,
      description: shownText(spec, spec.description),
      input_schema: spec.inputSchema,
      ...(spec.outputSchema !== undefined ? { output_schema: spec.outputSchema } : {}),
      ...(spec.deprecated ? { deprecated: spec.deprecated } : {}),
    };
    // A schema's data (a pattern may spell any character) is shown as is, its hidden characters escaped.
    return { stdout: `${escapeHiddenInJson(JSON.stringify(body, null, 2))}\n`, stderr: "", exitCode: 0 };
  }
  return { stdout: toolUsage(spec), stderr: "", exitCode: 0 };
}

/** `help`, `help --list`, `help <tool>`, `help <tool> --json`. */
export function helpCommand(run: ShellRun): Command {
  return {
    name: HELP_COMMAND,
    trusted: true,
    async execute(argv) {
      return timed(run, "help", "help", argv, () => {
        const json = argv.includes("--json");
        const words = argv.filter((word) => word !== "--json" && word !== "--list");
        if (words.length === 0) return commandResult(helpOverview(run), "", 0);
        if (words.length > 1 || words[0]?.startsWith("-")) {
          return commandResult("", "usage: help [--list] | help <tool> [--json]\n", 2);
        }
        const { stdout, stderr, exitCode } = helpFor(run, words[0] ?? "", json);
        return commandResult(stdout, stderr, exitCode);
      });
    },
  };
}
