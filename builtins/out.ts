import type { Command, ExecResult } from "#just-bash";
import type { ShellRun } from "../src/shell/shell-run.js";
import { byteStringResult, commandResult } from "./common.js";

const USAGE = "usage: out <call id | last> [--head N | --tail N | --range A:B] | out --list";

function lines(text: string): string[] {
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  return all;
}

/**
 * The part of a kept output the options ask for, or a usage error. `encoding` is how the kept string holds its
 * bytes: "utf8" for text, "latin1" for the bytes a callback returned.
 */
function slice(
  text: string,
  option: string | undefined,
  value: string | undefined,
  encoding: "utf8" | "latin1",
): string | undefined {
  if (option === undefined) return text;
  if (option === "--range") {
    const range = /^(\d+):(\d+)?$/.exec(value ?? "");
    if (!range) return undefined;
    const bytes = Buffer.from(text, encoding);
    return bytes
      .subarray(Number(range[1]), range[2] === undefined ? undefined : Number(range[2]))
      .toString(encoding);
  }
  if (!/^\d+$/.test(value ?? "")) return undefined;
  const count = Number(value);
  const all = lines(text);
  const chosen =
    option === "--head"
      ? all.slice(0, count)
      : option === "--tail"
        ? all.slice(-count || all.length)
        : undefined;
  if (chosen === undefined) return undefined;
  return count === 0 ? "" : chosen.map((line) => `${line}\n`).join("");
}

function listing(run: ShellRun): string {
  return [...run.outputs]
    .map(([id, text]) => `${id}\t${run.binary.has(id) ? text.length : Buffer.byteLength(text)} bytes\n`)
    .join("");
}

function out(run: ShellRun, argv: string[]): ExecResult {
  if (argv.length === 1 && argv[0] === "--list") return commandResult(listing(run), "", 0);
  const [target, option, value, ...rest] = argv;
  if (target === undefined || target.startsWith("-") || rest.length > 0)
    return commandResult("", `${USAGE}\n`, 2);
  const id = target === "last" ? run.lastCallId : target;
  const text = id === undefined ? undefined : run.outputs.get(id);
  if (text === undefined) {
    const why =
      id !== undefined && run.dropped.has(id)
        ? `out: the output of ${id} was dropped: a run keeps at most ${run.limits.maxKeptOutputBytes} bytes of tool output (oldest dropped first)`
        : `out: no output kept for ${target} in this run (see out --list)`;
    return commandResult("", `${why}\n`, 1);
  }
  const binary = run.binary.has(id as string);
  const part = slice(text, option, value, binary ? "latin1" : "utf8");
  if (part === undefined) return commandResult("", `${USAGE}\n`, 2);
  return binary ? byteStringResult(part, "", 0) : commandResult(part, "", 0);
}

/**
 * `out`: reads the full stdout of a tool call made earlier in this run, by call id (or `last`), whole or a part,
 * so a script can page through a large result instead of calling the tool again.
 */
export function outCommand(run: ShellRun): Command {
  return {
    name: "out",
    trusted: true,
    async execute(argv) {
      return out(run, argv);
    },
  };
}
