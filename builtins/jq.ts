// The shell's `jq`: the real jq 1.8.2 (WebAssembly) with the CLI's full argv, exact output bytes and exit
// codes, run off-thread under the shell's deadline and abort signal. Replaces just-bash's own jq.

import { bytesOutput, type Command, latin1FromBytes, unsafeBytesFromLatin1 } from "#just-bash";
import { NO_FILE_OPERANDS, scanJqArgs } from "../src/jq/cli-args.js";
import { fastPath } from "../src/jq/fast-path.js";
import { type RunJqOptions, type RunJqResult, runJq } from "../src/jq/worker.js";
import { JQ_DEFAULT_MAX_OUTPUT_BYTES, JQ_DEFAULT_TIMEOUT_MS } from "../src/limits.js";

export interface JqCommandOptions {
  /**
   * Cap on what jq emits on stdout per call (default 16 MiB), counted as jq writes it: past it the output is cut
   * there, jq is stopped and exits 5 with `jq: error: output exceeds 16 MiB and was cut there; ...`.
   */
  maxOutputBytes?: number;
  /** Epoch ms after which jq is stopped (exit 124); otherwise the shell's remaining time is used. */
  deadline?: number;
  /** jq's environment (`$ENV`, `env`). Empty by default: never the host's. */
  env?: Record<string, string>;
  /** Stops jq (exit 130) when aborted; defaults to the command's `ctx.signal`. */
  signal?: AbortSignal;
  /**
   * Answer the forms models write (paths, select, map, object construction, `//`, @csv/@tsv, ...) in JavaScript
   * without starting jq, where the bytes and exit status are provably the CLI's (src/jq/fast-path.ts; default true).
   */
  fastPath?: boolean;
  /**
   * Read file operands (`jq . /tmp/x.json`) through the shell's filesystem, as jq's input (the run has a scratch
   * space, TM-FS-002). Default false: they are refused, since the shell has no files.
   */
  readFiles?: boolean;
  /** Replaces the off-thread runner (tests). */
  runner?: (options: RunJqOptions) => Promise<RunJqResult>;
}

type Ctx = Parameters<Command["execute"]>[1];

/**
 * The call's deadline: the explicit one (the run's, from builtins/index.ts) unless the shell's remaining time, or
 * JQ_DEFAULT_TIMEOUT_MS when the shell has none, comes first. `isRunEnd`: the deadline is the run's own end.
 */
function deadlineFor(ctx: Ctx, explicit: number | undefined): { deadline: number; isRunEnd: boolean } {
  const now = Date.now();
  const remaining = ctx.executionScope?.remainingTimeMs() ?? ctx.limits.maxExecutionTimeMs;
  const fromShell =
    Number.isFinite(remaining) && remaining > 0 ? now + remaining : now + JQ_DEFAULT_TIMEOUT_MS;
  if (explicit === undefined || explicit > fromShell) return { deadline: fromShell, isRunEnd: false };
  return { deadline: explicit, isRunEnd: true };
}

/**
 * jq's file operands read from the shell's filesystem, in order, as one input (jq reads its files as one stream):
 * the argv without them, the bytes, and jq's line for each file it could not open.
 */
async function readOperands(
  args: string[],
  indices: readonly number[],
  ctx: Ctx,
): Promise<{ argv: string[]; input: Buffer; errors: string }> {
  const parts: Buffer[] = [];
  let errors = "";
  for (const index of indices) {
    const name = args[index] ?? "";
    try {
      parts.push(Buffer.from(await ctx.fs.readFileBuffer(ctx.fs.resolvePath(ctx.cwd, name))));
    } catch {
      errors += `jq: error: Could not open ${name}: No such file or directory\n`;
    }
  }
  const skipped = new Set(indices);
  return { argv: args.filter((_, index) => !skipped.has(index)), input: Buffer.concat(parts), errors };
}

/** Creates the shell's `jq` command. */
export function createJqCommand(options: JqCommandOptions = {}): Command {
  const run = options.runner ?? runJq;
  const maxOutputBytes = options.maxOutputBytes ?? JQ_DEFAULT_MAX_OUTPUT_BYTES;
  const decoder = new TextDecoder();
  return {
    name: "jq",
    async execute(args, ctx) {
      const scan = scanJqArgs(args);
      if (scan.refused) return { stdout: "", stderr: `${scan.refused}\n`, exitCode: 2 };
      if (scan.files.length > 0 && !options.readFiles) {
        return { stdout: "", stderr: `${NO_FILE_OPERANDS}\n`, exitCode: 2 };
      }
      const files = scan.files.length > 0 ? await readOperands(args, scan.files, ctx) : undefined;
      const argv = files ? files.argv : args;
      // just-bash carries stdin as a latin1 byte string: the fast path reads it as it is (ASCII needs no
      // decoding); jq gets the very bytes (invalid UTF-8, NULs).
      const input: Buffer | string = files ? files.input : latin1FromBytes(ctx.stdin);
      const fast =
        options.fastPath === false || files?.errors ? undefined : fastPath(argv, input, maxOutputBytes);
      if (fast !== undefined)
        return { stdout: fast.stdout, stdoutKind: "text", stderr: "", exitCode: fast.exitCode };
      const result = await run({
        argv,
        stdin: typeof input === "string" ? Buffer.from(input, "latin1") : input,
        env: options.env ?? {},
        signal: options.signal ?? ctx.signal,
        ...deadlineFor(ctx, options.deadline),
        maxOutputBytes,
      });
      const stdout = Buffer.from(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength);
      const unread = files?.errors ?? "";
      return {
        ...bytesOutput(unsafeBytesFromLatin1(stdout.toString("latin1"))),
        stderr: unread + decoder.decode(result.stderr),
        // jq goes on past a file it cannot open and exits 2 at the end.
        exitCode: unread && result.exitCode === 0 ? 2 : result.exitCode,
      };
    },
  };
}
