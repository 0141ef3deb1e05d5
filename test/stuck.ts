// A command that keeps a shell worker busy past a run's deadline, for the tests of what happens then. Apart from
// helpers.ts (which needs vitest) so that fixture processes can use it too.

/**
 * One synchronous command that runs for tens of seconds and starts at once: an awk loop whose every step is a gsub
 * over 3,000 characters (900,000 steps, under the shell's 1,000,000 awk steps; more than 10 s here even when the
 * machine is idle), so the worker never reaches its next command and the host terminates it at the deadline. A
 * loop of cheap steps (`s += i % 7`) took 4 s on a loaded machine but 1.3 s on an idle one, inside the deadline
 * and its kill grace, and the run then stopped by itself. It needs no input: a stuck command that first made
 * megabytes of input with printf let the deadline pass before it started.
 */
export const STUCK =
  'awk \'BEGIN { s = sprintf("%3000s", ""); for (i = 0; i < 900000; i++) n += gsub(/ /, " ", s); print n }\'';
/** The deadline to give a run that ends in STUCK (a warm worker reaches it well before). */
export const STUCK_DEADLINE_MS = 1_000;
/** What a run terminated at STUCK_DEADLINE_MS prints last on stderr. */
export const STUCK_STDERR = `toolshell: timed out after ${STUCK_DEADLINE_MS} ms (the shell did not stop by itself and was terminated)\n`;
