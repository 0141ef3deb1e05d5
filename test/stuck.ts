// A command that keeps a shell worker busy past a run's deadline, for the tests of what happens then. Apart from
// helpers.ts (which needs vitest) so that fixture processes can use it too.

/**
 * One synchronous command that runs for seconds (an awk loop of 900,000 steps, ~4 s here, under the shell's 1,000,000
 * awk steps) and starts at once: the worker never reaches its next command, so the host terminates it at the
 * deadline. It needs no input: a stuck command that first made megabytes of input with printf (1.4 s for 4 MB here,
 * more on a loaded machine) let the deadline pass before it started, and the run stopped by itself.
 */
export const STUCK = "awk 'BEGIN { for (i = 0; i < 900000; i++) s += i % 7; print s }'";
/** The deadline to give a run that ends in STUCK (a warm worker reaches it well before). */
export const STUCK_DEADLINE_MS = 1_000;
/** What a run terminated at STUCK_DEADLINE_MS prints last on stderr. */
export const STUCK_STDERR = `toolshell: timed out after ${STUCK_DEADLINE_MS} ms (the shell did not stop by itself and was terminated)\n`;
