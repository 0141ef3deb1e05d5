// The shell's `jq`: the real jq 1.8.2 (WebAssembly) with the CLI's full argv, exact output bytes and exit
// codes, run off-thread under the shell's deadline and abort signal. Replaces just-bash's own jq.

import { bytesOutput, type Command, latin1FromBytes, unsafeBytesFromLatin1 } from "#just-bash";
import { refusedJqArgs } from "../src/jq/cli-args.js";
import { fastPath } from "../src/jq/fast-path.js";
import { JQ_DEFAULT_MAX_OUTPUT_BYTES, JQ_DEFAULT_TIMEOUT_MS } from "../src/jq/limits.js";
import { type RunJqOptions, type RunJqResult, runJq } from "../src/jq/worker.js";

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
  /** Answer `jq -r <plain path>` to a string without starting jq, where provably identical (default true). */
  fastPath?: boolean;
  /** Replaces the off-thread runner (tests). */
  runner?: (options: RunJqOptions) => Promise<RunJqResult>;
}

type Ctx = Parameters<Command["execute"]>[1];

function deadlineFor(ctx: Ctx, explicit: number | undefined): number {
  const now = Date.now();
  const remaining = ctx.executionScope?.remainingTimeMs() ?? ctx.limits.maxExecutionTimeMs;
  const fromShell =
    Number.isFinite(remaining) && remaining > 0 ? now + remaining : now + JQ_DEFAULT_TIMEOUT_MS;
  return explicit === undefined ? fromShell : Math.min(explicit, fromShell);
}

/** Creates the shell's `jq` command. */
export function createJqCommand(options: JqCommandOptions = {}): Command {
  const run = options.runner ?? runJq;
  const maxOutputBytes = options.maxOutputBytes ?? JQ_DEFAULT_MAX_OUTPUT_BYTES;
  const decoder = new TextDecoder();
  return {
    name: "jq",
    async execute(args, ctx) {
      const refused = refusedJqArgs(args);
      if (refused) return { stdout: "", stderr: `${refused}\n`, exitCode: 2 };
      // just-bash carries stdin as a latin1 byte string: hand jq the very bytes (invalid UTF-8, NULs).
      const stdin = Buffer.from(latin1FromBytes(ctx.stdin), "latin1");
      const fast = options.fastPath === false ? undefined : fastPath(args, stdin);
      if (fast !== undefined) return { stdout: fast, stdoutKind: "text", stderr: "", exitCode: 0 };
      const result = await run({
        argv: args,
        stdin,
        env: options.env ?? {},
        signal: options.signal ?? ctx.signal,
        deadline: deadlineFor(ctx, options.deadline),
        maxOutputBytes,
      });
      const stdout = Buffer.from(result.stdout.buffer, result.stdout.byteOffset, result.stdout.byteLength);
      return {
        ...bytesOutput(unsafeBytesFromLatin1(stdout.toString("latin1"))),
        stderr: decoder.decode(result.stderr),
        exitCode: result.exitCode,
      };
    },
  };
}
