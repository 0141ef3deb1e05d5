import type { Command, ExecResult } from "just-bash";
import { BACKGROUND_COMMAND, LAST_JOB_VARIABLE, WAIT_COMMAND } from "../src/shell/guard.js";
import type { Job, RunContext } from "../src/shell/run-context.js";
import { commandResult, shellQuote } from "./common.js";

/** Job ids look like process ids, as `$!` and `wait` expect. */
const FIRST_JOB_ID = 1000;
/** Set inside a job to its own id, so that its `wait` sees only the jobs it started. */
const JOB_VARIABLE = "__TOOLSHELL_JOB";
/** Background jobs one run may start. */
export const MAX_JOBS = 1_000;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The script's variables, for a job to see as a subshell would. */
function variables(env: Map<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of env) if (NAME.test(name)) out[name] = value;
  return out;
}

/** The job's script, with the positional parameters of the shell that started it. */
function withPositional(text: string, positional: string[]): string {
  return positional.length === 0 ? text : `set -- ${positional.map(shellQuote).join(" ")}\n${text}`;
}

/** `cmd &` (rewritten by the script guard): starts the job and returns at once, like bash. */
export function backgroundCommand(run: RunContext): Command {
  return {
    name: BACKGROUND_COMMAND,
    trusted: true,
    async execute(args, context) {
      const start = run.startJob;
      const [text, ...positional] = args;
      if (!start || text === undefined) {
        return commandResult("", "bash: background jobs are not available here\n", 1);
      }
      if (run.jobs.length >= MAX_JOBS) {
        return commandResult(
          "",
          `bash: too many background jobs (${MAX_JOBS} per run); wait for some first\n`,
          1,
        );
      }
      const id = FIRST_JOB_ID + run.jobs.length + 1;
      const failed = (error: unknown): ExecResult =>
        commandResult(
          "",
          `bash: job ${id} failed: ${error instanceof Error ? error.message : String(error)}\n`,
          1,
        );
      const parent = context.env.get(JOB_VARIABLE) ?? "";
      const seen = { ...variables(context.env), [JOB_VARIABLE]: String(id) };
      run.jobs.push({
        id,
        parent,
        done: start(withPositional(text, positional), seen).catch(failed),
        reported: false,
      });
      context.env.set(LAST_JOB_VARIABLE, String(id));
      return commandResult("", "", 0);
    },
  };
}

/** Waits for jobs and prints their output (in the order they started); the status is bash's `wait` status. */
async function report(jobs: Job[]): Promise<ExecResult> {
  let stdout = "";
  let stderr = "";
  let exitCode = 0;
  for (const job of jobs) {
    const result = await job.done;
    if (!job.reported) {
      stdout += result.stdout;
      stderr += result.stderr;
      job.reported = true;
    }
    exitCode = result.exitCode;
  }
  return commandResult(stdout, stderr, exitCode);
}

/** `wait`, `wait ID...`, `wait -n`. */
export function waitCommand(run: RunContext): Command {
  return {
    name: WAIT_COMMAND,
    trusted: true,
    async execute(args, context) {
      const self = context.env.get(JOB_VARIABLE) ?? "";
      const children = run.jobs.filter((job) => job.parent === self);
      if (args.length === 0) return { ...(await report(children)), exitCode: 0 };
      if (args.length === 1 && args[0] === "-n") {
        const pending = children.filter((job) => !job.reported);
        if (pending.length === 0) return commandResult("", "", 127);
        const first = await Promise.race(pending.map((job) => job.done.then(() => job)));
        return report([first]);
      }
      const chosen: Job[] = [];
      for (const arg of args) {
        const job = children.find((candidate) => String(candidate.id) === arg);
        if (!job) return commandResult("", `bash: wait: pid ${arg} is not a child of this shell\n`, 127);
        chosen.push(job);
      }
      return report(chosen);
    },
  };
}

/** What jobs nobody waited for printed, added after the script's own output when the run ends. */
export async function unreportedJobs(run: RunContext): Promise<{ stdout: string; stderr: string }> {
  const { stdout, stderr } = await report(run.jobs.filter((job) => !job.reported));
  return { stdout, stderr };
}
