import type { Command, ExecResult } from "#just-bash";
import { DEFAULT_PARALLEL_JOBS, MAX_PARALLEL_INPUTS } from "../src/limits.js";
import { shellWord } from "../src/text/shell-quote.js";
import { commandResult, stdinText } from "./common.js";

const USAGE = [
  "usage: parallel [-j N] [-k] [--halt soon,fail=N] [--dry-run] 'command {}' [::: arg ...]",
  "  Runs the command once per input (stdin lines, or the args after :::), up to N at a time (default 8).",
  "  {} is the input (quoted), {.} the input without its extension, {#} the job number; without {} the input",
  "  is appended. Output is grouped per job in input order; the exit status is the number of failed jobs",
  "  (at most 101). Jobs see exported variables only, as with GNU parallel.",
].join("\n");

interface Plan {
  template: string;
  inputs: string[];
  jobs: number;
  haltAfter: number | undefined;
  dryRun: boolean;
}

/** The command for one input, quoted only where it needs it as GNU parallel does (so `$(({} * 2))` works). */
function commandFor(template: string, input: string, jobNumber: number): string {
  const hasInput = /\{\.?\}/.test(template);
  const filled = template
    .replaceAll("{#}", String(jobNumber))
    .replaceAll("{.}", shellWord(input.replace(/\.[^./]*$/, "")))
    .replaceAll("{}", shellWord(input));
  return hasInput ? filled : `${filled} ${shellWord(input)}`;
}

function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const jobs = Number(value);
  return jobs === 0 ? Number.MAX_SAFE_INTEGER : jobs;
}

/** Reads options, the command template and the `:::` inputs; a string is a usage error. */
function parsePlan(args: string[], stdin: string): Plan | string {
  const plan: Plan = {
    template: "",
    inputs: [],
    jobs: DEFAULT_PARALLEL_JOBS,
    haltAfter: undefined,
    dryRun: false,
  };
  const words: string[] = [];
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (arg === ":::") break;
    if (words.length > 0) {
      words.push(arg);
      continue;
    }
    const glued = /^(?:-j|-P|--jobs=)(\d+)$/.exec(arg);
    if (glued) plan.jobs = parseJobs(glued[1]) ?? plan.jobs;
    else if (arg === "-j" || arg === "-P" || arg === "--jobs") {
      const jobs = parseJobs(args[++index]);
      if (jobs === undefined) return `parallel: ${arg} needs a whole number`;
      plan.jobs = jobs;
    } else if (arg === "-k" || arg === "--keep-order") {
      // Output is always in input order.
    } else if (arg === "--dry-run") plan.dryRun = true;
    else if (arg === "--halt") {
      const halt = /^(?:soon|now),fail=(\d+)$/.exec(args[++index] ?? "");
      if (!halt?.[1]) return "parallel: --halt takes soon,fail=N or now,fail=N";
      plan.haltAfter = Number(halt[1]);
    } else if (arg.startsWith("-")) return `parallel: unknown option ${arg}`;
    else words.push(arg);
  }
  if (words.length === 0) return "parallel: no command given";
  plan.template = words.join(" ");
  const rest = args.slice(index + 1);
  if (index < args.length) {
    if (rest.includes(":::")) return "parallel: only one ::: input list is supported";
    plan.inputs = rest;
  } else {
    plan.inputs = stdin === "" ? [] : stdin.replace(/\n$/, "").split("\n");
  }
  if (plan.inputs.length > MAX_PARALLEL_INPUTS) return `parallel: more than ${MAX_PARALLEL_INPUTS} inputs`;
  return plan;
}

type Exec = (command: string) => Promise<ExecResult>;

/** Runs the jobs with at most `plan.jobs` in flight, keeping each job's output in its input's place. */
async function runJobs(plan: Plan, exec: Exec): Promise<ExecResult> {
  const results: Array<ExecResult | undefined> = new Array(plan.inputs.length);
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < plan.inputs.length && (plan.haltAfter === undefined || failed < plan.haltAfter)) {
      const job = next++;
      const result = await exec(commandFor(plan.template, plan.inputs[job] ?? "", job + 1));
      results[job] = result;
      if (result.exitCode !== 0) failed++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.jobs, plan.inputs.length) }, worker));
  const done = results.filter((result): result is ExecResult => result !== undefined);
  return commandResult(
    done.map((result) => result.stdout).join(""),
    done.map((result) => result.stderr).join(""),
    Math.min(failed, 101),
  );
}

/** `parallel`: GNU parallel's everyday form, so independent tool calls overlap. */
export const parallelCommand: Command = {
  name: "parallel",
  trusted: true,
  async execute(args, context) {
    if (args.includes("--help")) return commandResult(`${USAGE}\n`, "", 0);
    const plan = parsePlan(args, stdinText(context.stdin) ?? "");
    if (typeof plan === "string") return commandResult("", `${plan}\n${USAGE.split("\n")[0]}\n`, 2);
    if (plan.dryRun) {
      const lines = plan.inputs.map((input, job) => `${commandFor(plan.template, input, job + 1)}\n`);
      return commandResult(lines.join(""), "", 0);
    }
    const exec = context.exec;
    if (!exec) return commandResult("", "parallel: not available here\n", 1);
    return runJobs(plan, (command) => exec(command, { cwd: context.cwd }));
  },
};
