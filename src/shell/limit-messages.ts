/**
 * just-bash words a tripped limit for the engineer who configures it (`increase executionLimits.maxLoopIterations`),
 * an option a model cannot set and toolshell does not call that. These lines keep what was hit and say instead
 * what the script can do about it (TM-LIM-002).
 */

import { TRANSFORM_COMMANDS } from "./commands.js";

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

/** The next step for a limit that no option names, by what it bounds. */
const BYTES_STEP =
  "one value, input or output may hold at most that many bytes here: filter or cut the data first (grep, head, jq) " +
  "or work on it in parts";
const DEPTH_STEP = "this nests at most that deep here: nest or recurse less deeply";
const COUNT_STEP =
  "one command or expansion handles at most that many items, records or iterations here: work on less data at " +
  "once, or let one jq, awk or grep go over it";

/**
 * Any other limit line of the shell or one of its commands (`awk: record limit exceeded (1000000)`, `bash: brace
 * expansion result limit exceeded (1000000)`; just-bash has some 270 such messages): a line that starts with
 * `bash:` or a command's name and ends with the limit it hit.
 */
const ANY_LIMIT = new RegExp(
  `^((?:bash|search|${TRANSFORM_COMMANDS.join("|")}): .*(?:limit exceeded \\(\\d+(?: bytes| concurrent)?\\)|` +
    "exceeded maximum (?:iterations )?\\(\\d+\\)|" +
    "depth \\(\\d+\\) exceeded|depth exceeded \\(\\d+\\)|too many iterations \\(\\d+\\)|" +
    "Output size limit exceeded))$",
  "gm",
);

function anyLimitStep(line: string): string {
  if (line.includes(" bytes)") || line.includes("size limit")) return BYTES_STEP;
  if (/depth|nesting|recursion/i.test(line)) return DEPTH_STEP;
  return COUNT_STEP;
}

/** `..., increase executionLimits.<name>` at the end of a line. */
const SUFFIX = /, increase executionLimits\.(\w+)$/gm;
/** What a generator (seq, xargs, grep) says when it hits the loop or list cap, which it shares with loops. */
const GENERATOR = /^(bash: (?:seq|xargs|search): (?:iteration|line|array element) limit exceeded \(\d+\))$/gm;

/** The run's stderr with just-bash's limit lines worded for the script's author. */
export function explainLimits(stderr: string): string {
  if (!stderr.includes("limit") && !stderr.includes("exceeded") && !stderr.includes("too many"))
    return stderr;
  return stderr
    .replace(SUFFIX, (_, name: string) => `; ${NEXT_STEP.get(name) ?? "this is one of the shell's limits"}`)
    .replace(GENERATOR, `$1; ${LOOP_STEP}`)
    .replace(ANY_LIMIT, (line: string) => `${line.replace(/^(\w+): \1: /, "$1: ")}; ${anyLimitStep(line)}`);
}
