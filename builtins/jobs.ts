import { AsyncLocalStorage } from "node:async_hooks";
import type { Command, ExecResult } from "#just-bash";
import { MAX_JOBS } from "../src/limits.js";
import { BACKGROUND_COMMAND, WAIT_COMMAND } from "../src/shell/internal-names.js";
import type { Job, ShellRun } from "../src/shell/shell-run.js";
import { shellQuote } from "../src/text/shell-quote.js";
import { commandResult } from "./common.js";

/** Job ids look like process ids, as `$!` and `wait` expect. */
const FIRST_JOB_ID = 1000;
/**
 * TM-LEAK-001: which job a command runs in ("" for the script itself), so that a job's `wait` sees only the jobs
 * it started and its `$!` is its own. Kept out of the shell's variables, where `set`, `declare -p`, `compgen -v`
 * and `${!prefix*}` would list it (just-bash hands a command fresh proxies of its context on every call, so only
 * the async context tells one job's commands from another's). Each job's exec runs inside its id.
 */
const currentJob = new AsyncLocalStorage<string>();
/** What `$!` read in the shell that started a job, for the job to inherit as a subshell would. */
const inherited = new WeakMap<Job, string>();
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

/** The job the calling command runs in: "" for the script itself. */
function self(): string {
  return currentJob.getStore() ?? "";
}

/** `$!` of the shell `shell`: its last job, else what it inherited, else nothing. */
function lastJob(run: ShellRun, shell: string): string {
  for (let index = run.jobs.length - 1; index >= 0; index--) {
    const job = run.jobs[index] as Job;
    if (job.parent === shell) return String(job.id);
  }
  const own = run.jobs.find((job) => String(job.id) === shell);
  return own ? (inherited.get(own) ?? "") : "";
}

/**
 * `$!` as the shell reads it (the interpreter asks this hook, patch 0604): the id of the last job of the shell that
 * reads it. Nothing runs, so `$?` stays as it was (`false; echo $! $?` prints 1) and `x=$!` has status 0. The id
 * lives in the run's jobs, not in a shell variable that `set` or `declare -p` would list (TM-LEAK-001).
 */
export function lastJobId(run: ShellRun): () => string {
  return () => lastJob(run, self());
}

/** `cmd &` (rewritten by the script guard): starts the job and returns at once, like bash. */
export function backgroundCommand(run: ShellRun): Command {
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
      const parent = self();
      const job: Job = { id, parent, done: Promise.resolve(commandResult("", "", 0)), reported: false };
      inherited.set(job, lastJob(run, parent));
      const script = withPositional(text, positional);
      job.done = currentJob.run(String(id), () => start(script, variables(context.env))).catch(failed);
      run.jobs.push(job);
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
export function waitCommand(run: ShellRun): Command {
  return {
    name: WAIT_COMMAND,
    trusted: true,
    async execute(args) {
      const shell = self();
      const children = run.jobs.filter((job) => job.parent === shell);
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
export async function unreportedJobs(run: ShellRun): Promise<{ stdout: string; stderr: string }> {
  const { stdout, stderr } = await report(run.jobs.filter((job) => !job.reported));
  return { stdout, stderr };
}
