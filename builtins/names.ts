import { BACKGROUND_COMMAND, HELP_COMMAND, WAIT_COMMAND } from "../src/shell/internal-names.js";

/**
 * The names of the shell's own commands (builtinCommands in index.ts, scratch's mktemp included), kept apart from
 * the commands themselves so that the host can tell a lone tool call from a call of one of these without loading
 * the interpreter (decision 0041). test/builtins/names.test.ts holds it equal to what builtinCommands registers.
 */
export const BUILTIN_NAMES: readonly string[] = [
  "mktemp",
  "jq",
  "bc",
  "parallel",
  "out",
  BACKGROUND_COMMAND,
  WAIT_COMMAND,
  HELP_COMMAND,
  "discover",
];
