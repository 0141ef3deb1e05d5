// The shell's `bc`: GNU bc 1.07.1's language (arbitrary precision decimals, scale, ibase/obase, functions, -l's
// math library) over the program piped in on stdin, bounded in digits, steps, time and output (TM-BC-001).

import type { Command } from "#just-bash";
import { MAX_BC_PROGRAM_BYTES } from "../src/limits.js";
import { runBc } from "./bc/evaluator.js";
import { bytesResult, commandResult, stdinText } from "./common.js";

export interface BcCommandOptions {
  /** Epoch ms after which the program is stopped; the shell's remaining time also applies. */
  deadline?: number;
  /** Stops the program when aborted. */
  signal?: AbortSignal;
  /** Bytes of stdout one call may print. */
  maxOutputBytes: number;
}

const USAGE = [
  "usage: bc [options] [file ...]",
  "  -h  --help         print this usage and exit",
  "  -i  --interactive  force interactive mode",
  "  -l  --mathlib      use the predefined math routines",
  "  -q  --quiet        don't print initial banner",
  "  -s  --standard     non-standard bc constructs are errors",
  "  -w  --warn         warn about non-standard bc constructs",
  "  -v  --version      print version information and exit",
  "",
].join("\n");

const LONG: ReadonlyMap<string, string> = new Map([
  ["--help", "h"],
  ["--interactive", "i"],
  ["--mathlib", "l"],
  ["--quiet", "q"],
  ["--standard", "s"],
  ["--warn", "w"],
  ["--version", "v"],
]);

type Parsed = { flags: Set<string>; files: string[] } | { error: string };

function parseArgs(args: readonly string[]): Parsed {
  const flags = new Set<string>();
  const files: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === "--") options = false;
    else if (options && arg.startsWith("--")) {
      const flag = LONG.get(arg);
      if (!flag) return { error: `bc: unrecognized option '${arg}'\n` };
      flags.add(flag);
    } else if (options && arg.startsWith("-") && arg !== "-") {
      for (const char of arg.slice(1)) {
        if (!"hilqswv".includes(char)) return { error: `bc: invalid option -- '${char}'\n` };
        flags.add(char);
      }
    } else if (arg !== "-") files.push(arg);
  }
  return { flags, files };
}

/** GNU reads BC_LINE_LENGTH: 0 turns wrapping off, values below 3 mean the default 70. */
function lineLength(value: string | undefined): number {
  if (value === undefined) return 70;
  const number = Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number === 0) return 0;
  return number < 3 ? 70 : number;
}

type Context = Parameters<Command["execute"]>[1];

function deadlineFor(context: Context, explicit: number | undefined): number {
  const remaining = context.executionScope?.remainingTimeMs() ?? Number.POSITIVE_INFINITY;
  const fromShell =
    Number.isFinite(remaining) && remaining > 0 ? Date.now() + remaining : Number.POSITIVE_INFINITY;
  return Math.min(explicit ?? Number.POSITIVE_INFINITY, fromShell);
}

/** Creates the shell's `bc` command. */
export function createBcCommand(options: BcCommandOptions): Command {
  return {
    name: "bc",
    trusted: true,
    async execute(args, context) {
      const parsed = parseArgs(args);
      // GNU prints the usage on stdout after the error line.
      if ("error" in parsed) return commandResult(USAGE, parsed.error, 1);
      const { flags, files } = parsed;
      if (flags.has("h")) return commandResult(USAGE, "", 0);
      if (flags.has("v")) return commandResult("bc 1.07.1 (toolshell)\n", "", 0);
      if (files.length > 0) {
        return commandResult(
          "",
          `bc: ${files[0]}: refused: this shell has no files; pipe the program in instead: ` +
            `echo 'scale=2; 10/3' | bc${flags.has("l") ? " -l" : ""}\n`,
          1,
        );
      }
      const source = stdinText(context.stdin) ?? "";
      if (Buffer.byteLength(source) > MAX_BC_PROGRAM_BYTES) {
        return commandResult(
          "",
          `bc: the program on stdin is over ${MAX_BC_PROGRAM_BYTES} bytes (toolshell's cap for bc); ` +
            "send a shorter program, one calculation per bc call\n",
          1,
        );
      }
      const deadline = deadlineFor(context, options.deadline);
      const signal = options.signal ?? context.signal;
      const result = runBc(source, {
        mathLibrary: flags.has("l"),
        lineLength: lineLength(context.env.get("BC_LINE_LENGTH")),
        maxOutputBytes: options.maxOutputBytes,
        stopped: () => {
          if (signal?.aborted) return "the run was stopped";
          if (Date.now() >= deadline) return "the run's time limit passed; do fewer loop turns per bc call";
          return undefined;
        },
      });
      return bytesResult(result.stdout, result.stderr, result.exitCode);
    },
  };
}
