/**
 * just-bash words some refusals for the engineer who embeds it: "command not available in browser environments.
 * Exclude 'python3' from your commands or use the Node.js bundle", "shell execution not allowed in sandboxed
 * environment". A model can act on none of that. These lines say instead, in toolshell's terms, what is not here
 * and what the script can do (the limit lines are limit-messages.ts's).
 */

/** No other programs: what a script does instead of having sed run one. */
const RUN_FROM_SCRIPT =
  'print what the command needs and run it from the script (... | while read -r x; do cmd "$x"; done)';

/** A line of just-bash's and the line the model sees instead. */
const REWORDED: readonly [RegExp, string][] = [
  // python3, sqlite3, yq, xan: commands this shell leaves out. bash's own wording; the run adds "see help".
  [
    /^bash: (\S+): command not available in browser environments\. Exclude '\S+' from your commands or use the Node\.js bundle\.$/gm,
    "bash: $1: command not found",
  ],
  [
    /^sed: e command \(shell execution\) is not supported in sandboxed environment$/gm,
    `sed: the e command (and s///e) is refused: this shell runs no other programs, so sed cannot run commands; ${RUN_FROM_SCRIPT}`,
  ],
  [
    /^awk: function '(systime|mktime|strftime)\(\)' is not implemented$/gm,
    "awk: $1() is not available in this awk; take times from date in the script and pass them in " +
      '(awk -v now="$(date -u +%s)" ..., date -u -d @"$t" +%F)',
  ],
];

/** Cheap test before any regex runs: every line above contains one of these. */
const MARKERS = ["browser environments", "sandboxed environment", "is not implemented"];

/** The run's stderr with just-bash's embedder-facing lines worded for the script's author. */
export function explainInterpreterWording(stderr: string): string {
  if (!MARKERS.some((marker) => stderr.includes(marker))) return stderr;
  let text = stderr;
  for (const [line, instead] of REWORDED) text = text.replace(line, instead);
  return text;
}

/** The banner of just-bash's own `help` (`builtin help`, `command help`, `eval help` reach it). */
const HELP_BANNER = "just-bash shell builtins\n";

/** The run's stdout with the interpreter's name out of its `help` banner. */
export function explainInterpreterStdout(stdout: string): string {
  if (!stdout.includes(HELP_BANNER)) return stdout;
  return stdout.replaceAll(
    `${HELP_BANNER}These shell commands are defined internally.`,
    "Shell builtins (run help for the tools and commands)\nThese shell commands are defined internally.",
  );
}
