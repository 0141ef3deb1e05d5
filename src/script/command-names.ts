import { BUILTIN_NAMES } from "../../builtins/names.js";
import {
  FILE_COMMANDS,
  REFUSING_COMMANDS,
  SCRATCH_REFUSING_COMMANDS,
  TRANSFORM_COMMANDS,
  WRAPPED_COMMANDS,
} from "../shell/commands.js";

/**
 * Every name the shell answers to besides its tools: its text commands (kept or wrapped), its file commands
 * (kept with scratch, refusing without), its refusing commands and its own builtins. A tool of one of these names
 * is never a lone call: the whole shell decides who answers it.
 */
export const SHELL_COMMAND_NAMES: ReadonlySet<string> = new Set([
  ...TRANSFORM_COMMANDS,
  ...FILE_COMMANDS,
  ...[...WRAPPED_COMMANDS, ...REFUSING_COMMANDS, ...SCRATCH_REFUSING_COMMANDS].map((command) => command.name),
  ...BUILTIN_NAMES,
]);
