import { BUILTIN_NAMES } from "../../builtins/names.js";
import {
  FILE_COMMANDS,
  REFUSING_COMMANDS,
  SCRATCH_REFUSING_COMMANDS,
  TRANSFORM_COMMANDS,
  WRAPPED_COMMANDS,
} from "../shell/commands.js";
import { SHADOWED } from "../shell/plain-call.js";

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

/**
 * The words the interpreter answers itself before it looks for a command: bash's reserved words and the builtins
 * just-bash dispatches on its own, and `help`, which the guard turns into toolshell's help. A tool of one of these
 * names could never be called. (Bash builtins just-bash runs as commands, such as `echo`, `printf` and `pwd`, are
 * not here: a tool can replace those, as it can the shell's other commands.) test/tool/mistakes.test.ts holds
 * this list to what the interpreter does.
 */
export const SHELL_ANSWERED: ReadonlySet<string> = new Set(
  (
    "case coproc do done elif else esac fi for function if in select then time until while break builtin cd " +
    "command compgen complete compopt continue declare dirs eval exec exit export false getopts hash help let " +
    "local mapfile popd pushd read readarray readonly return set shift shopt source test trap true type typeset " +
    "unset wait"
  ).split(" "),
);

/**
 * The shell's commands that work in every run: its text commands (kept or wrapped), its builtins, and bash's
 * builtins just-bash runs as commands (`echo`, `printf`, `pwd`...). A tool of one of these names replaces the
 * command, so registration asks the tool to say it means to (`replacesCommand`). The file commands, which refuse
 * in a run without scratch, are not here: a tool named `find` or `ls` is a tool like any other.
 */
export const WORKING_COMMAND_NAMES: ReadonlySet<string> = new Set(
  [
    ...TRANSFORM_COMMANDS,
    ...WRAPPED_COMMANDS.map((command) => command.name),
    ...BUILTIN_NAMES,
    ...SHADOWED,
  ].filter((name) => !SHELL_ANSWERED.has(name) && !name.startsWith("__")),
);
