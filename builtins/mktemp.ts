import { randomInt } from "node:crypto";
import type { Command, CommandContext, ExecResult } from "#just-bash";
import { commandResult } from "./common.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const USAGE = "usage: mktemp [-d] [-u] [-q] [-t] [-p DIR] [--suffix=SUFF] [TEMPLATE]";

interface MktempOptions {
  directory: boolean;
  dryRun: boolean;
  quiet: boolean;
  /** Where a template without a slash goes: -p DIR, --tmpdir, -t ($TMPDIR or /tmp); else the cwd. */
  under: string | undefined;
  suffix: string;
  template: string | undefined;
}

/** GNU mktemp's options, as models write them; undefined for anything else. */
function parse(args: string[], context: CommandContext): MktempOptions | undefined {
  const tmpdir = context.env.get("TMPDIR") || "/tmp";
  const options: MktempOptions = {
    directory: false,
    dryRun: false,
    quiet: false,
    under: undefined,
    suffix: "",
    template: undefined,
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (arg === "-p" || arg === "--tmpdir") {
      const next = args[index + 1];
      if (arg === "-p" && next === undefined) return undefined;
      options.under = arg === "-p" ? (next as string) : tmpdir;
      if (arg === "-p") index++;
    } else if (arg.startsWith("--tmpdir=")) options.under = arg.slice(9) || tmpdir;
    else if (arg.startsWith("--suffix=")) options.suffix = arg.slice(9);
    else if (arg === "--directory") options.directory = true;
    else if (arg === "--dry-run") options.dryRun = true;
    else if (arg === "--quiet") options.quiet = true;
    else if (/^-[dutq]+$/.test(arg)) {
      options.directory ||= arg.includes("d");
      options.dryRun ||= arg.includes("u");
      options.quiet ||= arg.includes("q");
      if (arg.includes("t")) options.under ??= tmpdir;
    } else if (!arg.startsWith("-") && options.template === undefined) options.template = arg;
    else return undefined;
  }
  if (options.template === undefined) options.under ??= tmpdir;
  return options;
}

/** `mktemp`: a new empty file (or directory, -d) with a random name, in the run's scratch space (TM-FS-002). */
export const mktempCommand: Command = {
  name: "mktemp",
  trusted: true,
  async execute(args, context): Promise<ExecResult> {
    const options = parse(args, context);
    if (!options) return commandResult("", `mktemp: ${USAGE}\n`, 1);
    const template = options.template ?? "tmp.XXXXXXXXXX";
    const xs = /X{3,}$/.exec(template)?.[0].length ?? 0;
    if (xs === 0) return commandResult("", `mktemp: too few X's in template '${template}'\n`, 1);
    const base = options.under !== undefined && !template.includes("/") ? `${options.under}/` : "";
    const random = Array.from({ length: xs }, () => LETTERS[randomInt(LETTERS.length)]).join("");
    const name = `${base}${template.slice(0, -xs)}${random}${options.suffix}`;
    const target = context.fs.resolvePath(context.cwd, name);
    if (!options.dryRun) {
      try {
        if (options.directory) await context.fs.mkdir(target);
        else await context.fs.writeFile(target, "");
      } catch (error) {
        const kind = options.directory ? "directory" : "file";
        const reason =
          error instanceof Error ? error.message.replace(/^.*?: refused: /, "refused: ") : "failed";
        const message = options.quiet
          ? ""
          : `mktemp: failed to create ${kind} via template '${base}${template}': ${reason}\n`;
        return commandResult("", message, 1);
      }
    }
    return commandResult(`${name}\n`, "", 0);
  },
};
