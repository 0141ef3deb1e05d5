import type { Command, CommandName, ExecResult } from "just-bash";
import type { RefusingFileSystem } from "./filesystem.js";
import { REFUSE_COMMAND } from "./guard.js";

/** just-bash's commands the logic-only shell keeps: text transforms and plumbing, nothing that needs a disk. */
export const TRANSFORM_COMMANDS: readonly CommandName[] = [
  "echo",
  "printf",
  "cat",
  "head",
  "tail",
  "wc",
  "grep",
  "fgrep",
  "egrep",
  "sed",
  "awk",
  "sort",
  "uniq",
  "cut",
  "tr",
  "rev",
  "nl",
  "fold",
  "column",
  "paste",
  "tac",
  "comm",
  "join",
  "expand",
  "unexpand",
  "seq",
  "expr",
  "base64",
  "md5sum",
  "sha1sum",
  "sha256sum",
  "basename",
  "dirname",
  "xargs",
  "true",
  "false",
  "sleep",
  "timeout",
  "date",
  "jq",
  "alias",
  "unalias",
];

/** Commands that only make sense with a filesystem; each answers with a refusal that says why. */
export const FILE_COMMANDS: readonly string[] = [
  "ls",
  "find",
  "mkdir",
  "rmdir",
  "rm",
  "cp",
  "mv",
  "touch",
  "chmod",
  "chown",
  "ln",
  "stat",
  "tree",
  "du",
  "tee",
  "readlink",
  "realpath",
  "file",
  "tar",
  "gzip",
  "gunzip",
  "zcat",
  "split",
  "dd",
  "pwd",
];

/** Common commands that are simply not here, so `command not found` can say why. */
export const ABSENT_COMMANDS: readonly string[] = [
  "curl",
  "wget",
  "python",
  "python3",
  "node",
  "bash",
  "sh",
  "sudo",
  "ssh",
  "git",
  "env",
  "printenv",
  "hostname",
  "whoami",
  "ps",
  "kill",
];

const NO_FS = "this shell has no filesystem";

function failure(stderr: string, exitCode = 1): ExecResult {
  return { stdout: "", stderr, exitCode };
}

function refusingCommand(name: string): Command {
  return {
    name,
    trusted: true,
    async execute() {
      return failure(`${name}: refused: ${NO_FS}; tool results live in variables and pipes\n`);
    },
  };
}

const refuseCommand: Command = {
  name: REFUSE_COMMAND,
  trusted: true,
  async execute(args) {
    return failure(`bash: ${args.join(" ")}\n`);
  },
};

/** GNU xargs takes `-I{}` and `-n1` glued; just-bash wants them apart. */
function splitGluedXargsOptions(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    const glued = /^-([InPLsd])(.+)$/.exec(arg);
    if (glued?.[1] && glued[2] !== undefined) out.push(`-${glued[1]}`, glued[2]);
    else out.push(arg);
  }
  return out;
}

/** GNU paste reads stdin when given no file; just-bash's wants `-`. It also splits `-sd,` into `-s -d ,`. */
function pasteReadsStdin(args: string[]): string[] {
  const out: string[] = [];
  let operands = 0;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    const combined = /^-s+d(.*)$/.exec(arg);
    if (combined) {
      out.push("-s", "-d");
      if (combined[1]) out.push(combined[1]);
      else if (index + 1 < args.length) out.push(args[++index] ?? "");
    } else if (arg === "-d" && index + 1 < args.length) {
      out.push(arg, args[++index] ?? "");
    } else {
      if (arg === "-" || !arg.startsWith("-")) operands++;
      out.push(arg);
    }
  }
  return operands === 0 ? [...out, "-"] : out;
}

/** Arguments models write the GNU way, rewritten into what just-bash's command accepts. */
const ARGUMENT_FIXES: ReadonlyMap<string, (args: string[]) => string[]> = new Map([
  ["xargs", splitGluedXargsOptions],
  ["paste", pasteReadsStdin],
]);

/** The ways a refused path can appear in a command's own error line (cwd is `/`). */
function mentions(line: string, path: string): boolean {
  return line.includes(path) || (path.startsWith("/") && line.includes(`: ${path.slice(1)}:`));
}

/**
 * Wraps a kept command so that a file operand it tried to use (`grep x /etc/passwd`) is reported as refused,
 * with the reason, instead of as a missing file.
 */
function withFileRefusals(name: string, filesystem: RefusingFileSystem): Command {
  return {
    name,
    trusted: true,
    async execute(args, context) {
      const original = context.origCommand;
      if (!original) return failure(`${name}: not available\n`, 127);
      const before = filesystem.refusals.length;
      const fix = ARGUMENT_FIXES.get(name);
      // printf's %(...)T falls back to the host's time zone when TZ is unset: the shell's zone is UTC.
      const borrowTz = name === "printf" && !context.env.has("TZ");
      if (borrowTz) context.env.set("TZ", "UTC");
      const result = await original(fix ? fix(args) : args).finally(() => {
        if (borrowTz) context.env.delete("TZ");
      });
      if (filesystem.refusals.length === before) return result;
      const paths = [...new Set(filesystem.refusals.slice(before).map((refusal) => refusal.path))];
      const kept = result.stderr
        .split("\n")
        .filter((line) => line !== "" && !paths.some((path) => mentions(line, path)));
      const refused = paths.map(
        (path) => `${name}: ${path}: refused: ${NO_FS}; pipe the data in on stdin instead`,
      );
      return {
        ...result,
        stderr: `${[...refused, ...kept].join("\n")}\n`,
        exitCode: result.exitCode === 0 ? 1 : result.exitCode,
      };
    },
  };
}

/** The shell's own commands that replace or refuse just-bash's. */
export function shellCommands(filesystem: RefusingFileSystem, skip: ReadonlySet<string>): Command[] {
  const commands: Command[] = [refuseCommand];
  for (const name of FILE_COMMANDS) commands.push(refusingCommand(name));
  for (const name of TRANSFORM_COMMANDS) {
    if (!skip.has(name)) commands.push(withFileRefusals(name, filesystem));
  }
  return commands;
}
