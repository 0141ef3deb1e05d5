/**
 * just-bash words a tripped limit for the engineer who configures it (`increase executionLimits.maxLoopIterations`),
 * an option a model cannot set and toolshell does not call that. These lines keep what was hit and say instead
 * what the script can do about it (TM-LIM-002).
 */

const LOOP_STEP =
  "a run allows at most that many loop iterations, generated lines or words: work on less data at once, or let " +
  "one jq, awk or grep go over it";

/** The next step for each just-bash limit its messages name. */
const NEXT_STEP: ReadonlyMap<string, string> = new Map([
  ["maxLoopIterations", LOOP_STEP],
  [
    "maxCommandCount",
    "a run executes at most that many commands: let one jq, awk or grep go over the data instead of a command per item",
  ],
  [
    "maxOutputSize",
    "the shell holds at most that much output at once: print less (filter with jq, grep or head inside the loop) " +
      "or send what is not needed to /dev/null",
  ],
  ["maxCallDepth", "functions may nest at most that deep: recurse less deeply"],
]);

/** `..., increase executionLimits.<name>` at the end of a line. */
const SUFFIX = /, increase executionLimits\.(\w+)$/gm;
/** What a generator (seq, xargs, grep) says when it hits the loop or list cap, which it shares with loops. */
const GENERATOR = /^(bash: (?:seq|xargs|search): (?:iteration|line|array element) limit exceeded \(\d+\))$/gm;

/** The run's stderr with just-bash's limit lines worded for the script's author. */
export function explainLimits(stderr: string): string {
  if (!stderr.includes("limit") && !stderr.includes("executionLimits")) return stderr;
  return stderr
    .replace(SUFFIX, (_, name: string) => `; ${NEXT_STEP.get(name) ?? "this is one of the shell's limits"}`)
    .replace(GENERATOR, `$1; ${LOOP_STEP}`);
}
