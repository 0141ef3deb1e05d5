// Mirrors the jq 1.8 CLI's argument loop (src/main.c) just far enough to find what needs a filesystem, so
// the shell can refuse it before jq runs. Everything else is passed to jq unchanged and jq itself reports
// usage errors, so their wording and exit codes stay the CLI's.

const NO_FILESYSTEM = "this shell has no filesystem";

/** Refusal message for an argv that would make jq touch files, or null when jq may run it. */
export function refusedJqArgs(argv: readonly string[]): string | null {
  const scan = scanJqArgs(argv);
  if (scan.refused !== null) return scan.refused;
  return scan.files.length > 0 ? NO_FILE_OPERANDS : null;
}

/** What jq says when the shell has no files for its file operands. */
export const NO_FILE_OPERANDS: string = `jq: file operands are refused: ${NO_FILESYSTEM} (pipe the data in on stdin)`;

/**
 * What jq would do with files given this argv: an option it would need a filesystem for (refused, with its
 * message), and the indices of its file operands (read from the run's scratch space when it has one, TM-FS-002).
 */
export function scanJqArgs(argv: readonly string[]): { refused: string | null; files: number[] } {
  let programSeen = false;
  let argsMode = false;
  let argsDone = false;
  const files: number[] = [];
  for (let i = 0; i < argv.length; i++) {
    const text = argv[i] ?? "";
    if (argsDone || !isOptish(text)) {
      if (!programSeen) programSeen = true;
      else if (!argsMode && text !== "-") files.push(i); // "-" is jq's name for stdin
      continue;
    }
    if (text === "--") {
      argsDone = true;
      continue;
    }
    const step = text.startsWith("--")
      ? longOption(text.slice(2), argv, i)
      : shortOptions(text.slice(1), argv, i);
    if (step.kind === "refuse") return { refused: step.message, files };
    if (step.kind === "stop") return { refused: null, files: [] }; // jq stops here (usage error, --help, --version): let it say so
    if (step.kind === "args") argsMode = true;
    else i += step.skip;
  }
  return { refused: null, files };
}

type Step =
  | { kind: "ok"; skip: number }
  | { kind: "args" }
  | { kind: "refuse"; message: string }
  | { kind: "stop" };

const OK: Step = { kind: "ok", skip: 0 };
const STOP: Step = { kind: "stop" };

function isOptish(text: string): boolean {
  return text.startsWith("-") && (text[1] === "-" || /^[A-Za-z]$/.test(text[1] ?? ""));
}

const LONG_FLAGS = new Set([
  "slurp",
  "raw-output",
  "raw-output0",
  "join-output",
  "compact-output",
  "color-output",
  "monochrome-output",
  "ascii-output",
  "unbuffered",
  "sort-keys",
  "raw-input",
  "null-input",
  "binary",
  "tab",
  "seq",
  "stream",
  "stream-errors",
  "exit-status",
  "debug-dump-disasm",
  "debug-trace=all",
  "debug-trace",
]);

function longOption(name: string, argv: readonly string[], i: number): Step {
  if (LONG_FLAGS.has(name)) return OK;
  switch (name) {
    case "args":
    case "jsonargs":
      return { kind: "args" }; // later operands are positional values, not files
    case "indent":
      return i >= argv.length - 1 ? STOP : { kind: "ok", skip: 1 };
    case "arg":
    case "argjson":
      return i >= argv.length - 2 ? STOP : { kind: "ok", skip: 2 };
    case "rawfile":
    case "slurpfile":
      return i >= argv.length - 2 ? STOP : refuse(`--${name}`, "use --arg/--argjson, or pipe the data in");
    case "from-file":
      return refuse("-f/--from-file", "pass the program as an argument");
    case "library-path":
      return refuse("-L/--library-path", "define functions inline with def");
    case "run-tests":
      return refuse("--run-tests", "there are no test files");
    default:
      return STOP; // --help, --version, --build-configuration, or unknown: jq ends here
  }
}

function shortOptions(letters: string, argv: readonly string[], i: number): Step {
  for (const letter of letters) {
    if ("srjcCMaSRnbe".includes(letter)) continue;
    if (letter === "f") return refuse("-f/--from-file", "pass the program as an argument");
    if (letter === "L") return refuse("-L/--library-path", "define functions inline with def");
    return STOP; // -h, -V, or an unknown letter: jq ends here
  }
  return argv[i] === undefined ? STOP : OK;
}

function refuse(flag: string, hint: string): Step {
  return { kind: "refuse", message: `jq: ${flag} is refused: ${NO_FILESYSTEM} (${hint})` };
}
