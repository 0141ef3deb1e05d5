import type { Command, CommandName, ExecResult } from "#just-bash";
import type { RefusingFileSystem } from "./filesystem.js";
import { REFUSE_COMMAND } from "./internal-names.js";

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
  "mktemp",
];

/**
 * With a scratch space (TM-FS-002): just-bash's file commands that are kept and work on files under /tmp (the
 * filesystem refuses every other path). The other file commands still refuse; `mktemp` is toolshell's own.
 */
export const SCRATCH_COMMANDS: readonly CommandName[] = [
  "ls",
  "find",
  "mkdir",
  "rmdir",
  "rm",
  "cp",
  "mv",
  "touch",
  "chmod",
  "tee",
  "stat",
  "du",
  "tree",
  "readlink",
  "split",
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

function refusingCommand(name: string, scratch = false): Command {
  const message = scratch
    ? `${name}: refused: the scratch space /tmp holds plain files and directories only; work on them with ` +
      "cat, cp, mv, rm, mkdir, ls or tee\n"
    : `${name}: refused: ${NO_FS}; tool results live in variables and pipes\n`;
  return {
    name,
    trusted: true,
    async execute() {
      return failure(message);
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

const PATH_CHARACTER = /[\w/.-]/;

/**
 * Whether `path` ends a path in `line` (`/x` in `/tmp/../x:`, as the script wrote it), not just starts a longer
 * name (`/x` in `/x-1`).
 */
function namesPath(line: string, path: string): boolean {
  for (let at = line.indexOf(path); at !== -1; at = line.indexOf(path, at + 1)) {
    if (!PATH_CHARACTER.test(line[at + path.length] ?? " ")) return true;
  }
  return false;
}

/** The ways a refused path can appear in a command's own error line (cwd is `/`). */
function mentions(line: string, path: string): boolean {
  return namesPath(line, path) || (path.startsWith("/") && line.includes(`: ${path.slice(1)}:`));
}

/**
 * Rewords the error lines of commands that tried to use a file operand (`grep x /etc/passwd` says "No such
 * file") into what happened: the access was refused, and why. Done once on the run's stderr rather than by
 * wrapping every command, which would double just-bash's per-command cost.
 */
export function explainRefusals(stderr: string, filesystem: RefusingFileSystem): string {
  if (filesystem.refusals.length === 0 || stderr === "") return stderr;
  // Longest first: a line naming /x-up is about /x-up even when /x was refused too.
  const paths = [...new Set(filesystem.refusals.map((refusal) => refusal.path))].sort(
    (one, other) => other.length - one.length,
  );
  return stderr.replace(/^([\w.-]+): (.*)$/gm, (line, command: string, rest: string) => {
    if (rest.includes("refused:")) return line;
    const path = paths.find((candidate) => mentions(line, candidate));
    return path === undefined
      ? line
      : `${command}: ${path}: refused: ${filesystem.reason}; ${filesystem.advice}`;
  });
}

/** The variables a command sees, as its context holds them. */
type CommandEnv = Parameters<Command["execute"]>[1]["env"];

/**
 * What the few kept commands that need help get around just-bash's own (`original`): GNU spellings just-bash does
 * not take (`xargs -I{}`, `paste -sd,`), and for printf, whose `%(...)T` would fall back to the host's time zone
 * when TZ is unset, TZ=UTC while it runs.
 */
async function aroundOriginal(
  name: string,
  args: string[],
  env: CommandEnv,
  original: (args: string[]) => Promise<ExecResult>,
): Promise<ExecResult> {
  const fix = ARGUMENT_FIXES.get(name);
  const borrowTz = name === "printf" && !env.get("TZ");
  if (!borrowTz) return original(fix ? fix(args) : args);
  const previous = env.get("TZ");
  env.set("TZ", "UTC");
  try {
    return await original(args);
  } finally {
    if (previous === undefined) env.delete("TZ");
    else env.set("TZ", previous);
  }
}

/** A wrapper registered as a custom command: it reaches just-bash's own through `origCommand`. */
function adjusted(name: string): Command {
  return {
    name,
    trusted: true,
    async execute(args, context) {
      const original = context.origCommand;
      if (!original) return failure(`${name}: not available\n`, 127);
      return aroundOriginal(name, args, context.env, original);
    },
  };
}

/**
 * The wrapped commands that are text transforms (not xargs, which runs commands): where just-bash's registration
 * of bundled commands is reachable, each is registered with the interpreter's context directly, its help put
 * around just-bash's own command (directlyWrapped), instead of as a custom command. As a custom command, with the
 * extension wrapper and the revocable copy its original then gets, `printf '%s\n' "$i"` cost ~135 µs a call warm
 * against echo's ~20 µs.
 */
export const DIRECT_WRAPPED_COMMANDS: ReadonlySet<string> = new Set(["printf", "paste"]);

/** just-bash's own `bundled` command with its help around it (aroundOriginal), taking its context directly. */
export function directlyWrapped(bundled: Command): Command & { directContext: true } {
  return {
    ...bundled,
    directContext: true,
    execute: (args, context) =>
      aroundOriginal(bundled.name, args, context.env, (fixed) => bundled.execute(fixed, context)),
  };
}

/** The shell's own commands that refuse: stateless, so built once and shared by runs. */
export const REFUSING_COMMANDS: readonly Command[] = [
  refuseCommand,
  ...FILE_COMMANDS.map((name) => refusingCommand(name)),
];

/** The same with a scratch space: the file commands that are not kept there refuse (`ln`, `tar`, ...). */
export const SCRATCH_REFUSING_COMMANDS: readonly Command[] = [
  refuseCommand,
  ...FILE_COMMANDS.filter((name) => name !== "mktemp" && !(SCRATCH_COMMANDS as string[]).includes(name)).map(
    (name) => refusingCommand(name, true),
  ),
];

/**
 * Wrappers around just-bash's own commands (they call `context.origCommand`), registered as custom commands: built
 * once, shared by runs. The DIRECT_WRAPPED_COMMANDS among them are registered directlyWrapped instead where that
 * is possible.
 */
export const WRAPPED_COMMANDS: readonly Command[] = [...ARGUMENT_FIXES.keys(), "printf"].map(adjusted);

/**
 * TRANSFORM_COMMANDS that keep the revocable copy of their context: they run other commands, wait, or change the
 * shell. `jq` is ours.
 */
const KEEP_THEIR_COPY: ReadonlySet<string> = new Set(["sleep", "timeout", "jq", "alias", "unalias"]);

/**
 * just-bash's commands that take the interpreter's context itself, as toolshell's own do (0040, amended): text
 * transforms that read their arguments, stdin and variables, write their output and return, holding nothing of
 * the context afterwards; none starts a timer or runs past its return (`date` reads the clock and TZ, no more).
 * Not those of KEEP_THEIR_COPY, nor the wrapped ones (WRAPPED_COMMANDS: `xargs` keeps its copy, printf and paste
 * are direct with their help around them, DIRECT_WRAPPED_COMMANDS). A command added to TRANSFORM_COMMANDS is
 * direct unless it is named in KEEP_THEIR_COPY or wrapped: decide which when adding it. On the copy,
 * `echo "$x" | sed "s/0/1/g"` over 10 MB reached the worker's heap cap ~2 s in; direct, it completes (TM-MEM-005).
 */
export const DIRECT_TRANSFORM_COMMANDS: readonly CommandName[] = TRANSFORM_COMMANDS.filter(
  (name) => !KEEP_THEIR_COPY.has(name) && !WRAPPED_COMMANDS.some((command) => command.name === name),
);
