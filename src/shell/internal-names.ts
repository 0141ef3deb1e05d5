// The names the script guard (guard.ts) writes into a script, and their removal from what a run prints. Kept apart
// from the guard, which needs the interpreter's parser, so a run the host answers without the shell (a lone tool
// call, decision 0041) words its output the same way without loading the interpreter.

/** The hidden command a refused construct is replaced by; it prints the reason and fails like bash would. */
export const REFUSE_COMMAND = "__toolshell_refuse";
/** Starts a background job (`cmd &`) that overlaps with the rest of the script. */
export const BACKGROUND_COMMAND = "__toolshell_bg";
/** Waits for background jobs; just-bash's own `wait` does nothing, since its jobs never overlap. */
export const WAIT_COMMAND = "__toolshell_wait";

/** The name toolshell's `help` runs under: just-bash answers the word `help` itself, so the guard renames it. */
export const HELP_COMMAND = "__toolshell_help";

/** The internal names the guard writes into a script, as the script's author wrote them. */
const AUTHORED: ReadonlyMap<string, string> = new Map([
  [WAIT_COMMAND, "wait"],
  [HELP_COMMAND, "help"],
  [BACKGROUND_COMMAND, "background"],
  [REFUSE_COMMAND, "refused:"],
]);
/** xtrace lines of a refusal (dropped), of a background job (`+ cmd &`), and the names themselves. */
const INTERNAL = /^\++ __toolshell_refuse .*\n|^(\++) __toolshell_bg (.*)$|__toolshell_[A-Za-z_]+/gm;

/**
 * TM-LEAK-001: what the run prints never names the guard's rewrites. They show where the shell echoes a command
 * back (`set -x`, `type f`, `declare -f`, `$_`): an xtrace line of a refusal is dropped (the refusal's message
 * follows it), one of a background job reads `cmd &`, and every other name reads as what the script wrote.
 */
export function hideInternalNames(text: string): string {
  if (!text.includes("__toolshell_")) return text;
  return text.replace(INTERNAL, (match, plus: string | undefined, job: string) => {
    if (match.endsWith("\n")) return "";
    if (plus !== undefined) return `${plus} ${job} &`;
    return AUTHORED.get(match) ?? match;
  });
}
