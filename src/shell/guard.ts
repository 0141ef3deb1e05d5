import path from "node:path";
import { parse, type ScriptNode, type SimpleCommandNode, serialize, type WordNode } from "#just-bash";
import { MAX_BRACE_RANGE_WORDS } from "../limits.js";
import { BACKGROUND_COMMAND, HELP_COMMAND, REFUSE_COMMAND, WAIT_COMMAND } from "./internal-names.js";

const NO_FS = "this shell has no filesystem";
const NO_FS_BUT_SCRATCH = "this shell has no filesystem outside its scratch space /tmp";
const ALLOWED_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/stdin"]);
const STREAM_OPERATORS = new Set(["<<", "<<-", "<<<"]);
const DUP_OPERATORS = new Set([">&", "<&"]);
/** Characters of a substituted command a refusal shows. */
const MAX_SHOWN_COMMAND = 60;

type Node = { type?: unknown; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null;
}

/**
 * What a part of a word stands for as written, for a command no shell runs: `$NAME` (`${NAME}` too), `~` and a
 * glob pattern are characters there. Any other expansion (`$(...)`, `${x:-y}`, `{a,b}`) is undefined.
 */
function writtenPart(part: Node): string | undefined {
  if (part.type === "ParameterExpansion" && part.operation === null && typeof part.parameter === "string") {
    return `$${part.parameter}`;
  }
  if (part.type === "TildeExpansion") return typeof part.user === "string" ? `~${part.user}` : "~";
  if (part.type === "Glob" && typeof part.pattern === "string") return part.pattern;
  return undefined;
}

/**
 * The word's text when it has no expansions, else undefined. With `asWritten`, `$NAME`, `~` and globs count as
 * their own text (see writtenPart).
 */
export function literalText(word: unknown, asWritten = false): string | undefined {
  if (!isNode(word) || !Array.isArray(word.parts)) return undefined;
  let text = "";
  for (const part of word.parts as Node[]) {
    if (
      (part.type === "Literal" || part.type === "SingleQuoted" || part.type === "Escaped") &&
      typeof part.value === "string"
    ) {
      text += part.value;
    } else if (part.type === "DoubleQuoted") {
      const inner = literalText(part, asWritten);
      if (inner === undefined) return undefined;
      text += inner;
    } else {
      const written = asWritten ? writtenPart(part) : undefined;
      if (written === undefined) return undefined;
      text += written;
    }
  }
  return text;
}

/**
 * The words of a command line that is one simple command and nothing else (no `;`, pipe, `&`, redirection,
 * assignment or `!`), read by the shell's own parser: quotes and backslashes as bash reads them. Undefined when
 * the line is anything else or a word has an expansion (with `asWritten`, `$NAME`, `~` and globs are kept as
 * written instead, for a command run without a shell). Throws the parser's error when the line is not bash.
 * @example
 * literalWords(`srv --root "/my docs" a\\ b`) // ["srv", "--root", "/my docs", "a b"]
 */
export function literalWords(line: string, asWritten = false): string[] | undefined {
  const ast = parse(line);
  const statement = ast.statements[0];
  if (ast.statements.length !== 1 || !statement || statement.background || statement.deferredError) {
    return undefined;
  }
  const pipeline = statement.pipelines.length === 1 ? statement.pipelines[0] : undefined;
  if (!pipeline || pipeline.negated || pipeline.timed || pipeline.commands.length !== 1) return undefined;
  const command = pipeline.commands[0];
  if (
    command?.type !== "SimpleCommand" ||
    command.assignments.length > 0 ||
    command.redirections.length > 0
  ) {
    return undefined;
  }
  const words: string[] = [];
  for (const word of command.name ? [command.name, ...command.args] : command.args) {
    const text = literalText(word, asWritten);
    if (text === undefined) return undefined;
    words.push(text);
  }
  return words;
}

/** The word roughly as written, for messages: expansions shown by their variable or as `$(...)`. */
function shownText(word: unknown): string {
  if (!isNode(word) || !Array.isArray(word.parts)) return "...";
  return (word.parts as Node[])
    .map((part) => {
      if (typeof part.value === "string") return part.value;
      if (part.type === "DoubleQuoted") return shownText(part);
      if (part.type === "ParameterExpansion" && typeof part.parameter === "string")
        return `$${part.parameter}`;
      if (part.type === "CommandSubstitution") return "$(...)";
      return "...";
    })
    .join("");
}

/** A process substitution's command as written, cut short for a message. */
function substitutedCommand(substitution: Node): string {
  const body = substitution.body as ScriptNode | undefined;
  const text = body
    ? serialize(body)
        .trim()
        .replace(/\s*\n\s*/g, "; ")
    : "";
  if (text === "") return "cmd";
  return text.length > MAX_SHOWN_COMMAND ? `${text.slice(0, MAX_SHOWN_COMMAND - 3)}...` : text;
}

/**
 * `done < <(cmd)`, `diff <(a) <(b)`, `tee >(cmd)`: bash hands the command a file (/dev/fd/N) the shell does not
 * have. The message names process substitution and the form that keeps the same data flowing without a file.
 */
function processSubstitutionProblem(substitution: Node, redirected: boolean): string {
  const command = substitutedCommand(substitution);
  if (substitution.direction === "output") {
    return `process substitution >(${command}) refused: ${NO_FS}, so >(...) has no file to write to; pipe into the command instead: ... | ${command}`;
  }
  if (redirected) {
    return `process substitution < <(${command}) refused: ${NO_FS}, so <(...) has no file to read; use a here-string instead: <<< "$(${command})" (or a pipe: ${command} | ...)`;
  }
  return `process substitution <(${command}) refused: ${NO_FS}, so <(...) has no file to read; pipe its output in instead (${command} | ...) or capture it first: out=$(${command})`;
}

function isProcessSubstitution(node: Node): boolean {
  return node.type === "ProcessSubstitution";
}

/** A literal target inside the scratch space (`/tmp/x`, not `/tmp/../x`); the filesystem checks the rest. */
function inScratch(target: string): boolean {
  const full = path.posix.normalize(target);
  return full === "/tmp" || full.startsWith("/tmp/");
}

/** TM-FS-002: with scratch, a literal file outside /tmp is refused before the run, pointing to /tmp. */
function scratchRedirectionProblem(redirection: Node): string | undefined {
  const operator = String(redirection.operator);
  if (STREAM_OPERATORS.has(operator)) return undefined;
  const target = literalText(redirection.target);
  // A relative target depends on the cwd (`cd /tmp` is allowed): the filesystem judges it when it runs.
  if (target === undefined || !target.startsWith("/") || ALLOWED_TARGETS.has(target) || inScratch(target))
    return undefined;
  if (DUP_OPERATORS.has(operator) && /^(\d+|-)$/.test(target)) return undefined;
  const base = target.split("/").filter(Boolean).pop() ?? "file";
  return (
    `redirection to or from a file (${operator} ${target}) refused: ${NO_FS_BUT_SCRATCH}; use a file under /tmp ` +
    `(${operator} /tmp/${base}) or keep data in variables and pipes`
  );
}

function redirectionProblem(redirection: Node, scratch: boolean): string | undefined {
  if (scratch) return scratchRedirectionProblem(redirection);
  const operator = String(redirection.operator);
  const substitution = findOwn(redirection.target, isProcessSubstitution);
  if (substitution) return processSubstitutionProblem(substitution, true);
  if (STREAM_OPERATORS.has(operator)) return undefined;
  const target = literalText(redirection.target);
  if (DUP_OPERATORS.has(operator) && (target === undefined || /^(\d+|-)$/.test(target))) return undefined;
  if (target !== undefined && ALLOWED_TARGETS.has(target)) return undefined;
  const shown = `${operator} ${target ?? shownText(redirection.target)}`;
  return `redirection to or from a file (${shown}) refused: ${NO_FS}; keep data in variables and pipes (only /dev/null is allowed)`;
}

/** Finds a node in this command's own words, without entering nested scripts or pipelines. */
function findOwn(value: unknown, found: (node: Node) => boolean, top = true): Node | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const hit = findOwn(item, found, false);
      if (hit) return hit;
    }
    return undefined;
  }
  if (!isNode(value)) return undefined;
  if (found(value)) return value;
  if (!top && (value.type === "Pipeline" || value.type === "Script" || value.type === "Statement"))
    return undefined;
  for (const key of Object.keys(value)) {
    const hit = key === "type" ? undefined : findOwn(value[key], found, false);
    if (hit) return hit;
  }
  return undefined;
}

/** Words a numeric brace range such as `{1..20000}` or `{0..100..5}` stands for (0 for other ranges). */
function rangeWords(node: Node): number {
  const { start, end, step } = node;
  if (typeof start !== "number" || typeof end !== "number") return 0;
  const stride = Math.abs(typeof step === "number" && step !== 0 ? step : 1);
  return Math.floor(Math.abs(end - start) / stride) + 1;
}

function isLongRange(node: Node): boolean {
  return node.type === "Range" && rangeWords(node) > MAX_BRACE_RANGE_WORDS;
}

/**
 * TM-LIM-002: just-bash expands one brace range to at most 10,000 words and silently drops the rest
 * (`for i in {1..20000}` ended at 10000), so a longer range is refused, pointing to `seq`.
 */
function longRangeProblem(command: Node): string | undefined {
  const range = findOwn(command, isLongRange);
  if (!range) return undefined;
  const { start, end } = range;
  const shown = typeof range.step === "number" ? `${start}..${end}..${range.step}` : `${start}..${end}`;
  const words = rangeWords(range).toLocaleString("en-US");
  const step = typeof range.step === "number" ? ` ${range.step}` : "";
  return (
    `brace range {${shown}} refused: a range expands to at most ${MAX_BRACE_RANGE_WORDS.toLocaleString("en-US")} ` +
    `words here (this one has ${words}); use $(seq ${start}${step} ${end}) instead`
  );
}

function commandProblem(command: Node, scratch: boolean): string | undefined {
  if (Array.isArray(command.redirections)) {
    for (const redirection of command.redirections as Node[]) {
      const problem = redirectionProblem(redirection, scratch);
      if (problem) return problem;
    }
  }
  // With scratch, <(...) and >(...) work: their files live in the run's memory (TM-FS-002).
  const substitution = scratch ? undefined : findOwn(command, isProcessSubstitution);
  if (substitution) return processSubstitutionProblem(substitution, false);
  const range = longRangeProblem(command);
  if (range) return range;
  if (command.type !== "SimpleCommand") return undefined;
  const name = literalText(command.name);
  if (name === "source" || name === ".") {
    return `${name}: refused: ${NO_FS}; define functions in the script itself`;
  }
  if (name?.includes("/")) {
    const base = name.split("/").pop() || name;
    return `${name}: running a path refused: ${NO_FS}; call commands by name (${base})`;
  }
  return undefined;
}

function word(value: string): WordNode {
  return { type: "Word", parts: [{ type: "Literal", value }] } as WordNode;
}

function refusal(message: string): SimpleCommandNode {
  return {
    type: "SimpleCommand",
    assignments: [],
    name: word(REFUSE_COMMAND),
    args: [word(message)],
    redirections: [],
  } as SimpleCommandNode;
}

/**
 * A background statement becomes a command that starts it as a job, overlapping with what follows. The job is a
 * subshell (it sees the script's variables, and its functions, which are prepended, but changes nothing here).
 */
function backgroundJob(statement: Node, functions: string): void {
  const text = serialize({ type: "Script", statements: [{ ...statement, background: false }] } as ScriptNode);
  const command = {
    type: "SimpleCommand",
    assignments: [],
    name: word(BACKGROUND_COMMAND),
    // "$@" hands the job the positional parameters of the shell or function that started it.
    args: [
      word(functions ? `${functions}\n${text}` : text),
      {
        type: "Word",
        parts: [
          { type: "DoubleQuoted", parts: [{ type: "ParameterExpansion", parameter: "@", operation: null }] },
        ],
      },
    ],
    redirections: [],
  };
  statement.pipelines = [{ type: "Pipeline", commands: [command], negated: false }];
  statement.operators = [];
  statement.background = false;
}

/** Every function definition in the script, as source text, for background jobs to define again. */
function functionDefinitions(ast: ScriptNode): string {
  const found: Node[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (isNode(value)) {
      if (value.type === "FunctionDef") found.push(value);
      for (const key of Object.keys(value)) if (key !== "type") collect(value[key]);
    }
  };
  collect(ast);
  if (found.length === 0) return "";
  const statements = found.map((definition) => ({
    type: "Statement",
    pipelines: [{ type: "Pipeline", commands: [definition], negated: false }],
    operators: [],
    background: false,
  }));
  return serialize({ type: "Script", statements } as unknown as ScriptNode);
}

function visit(value: unknown, functions: string, scratch: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, functions, scratch);
    return;
  }
  if (!isNode(value)) return;
  if (value.type === "SimpleCommand" && literalText(value.name) === "wait") value.name = word(WAIT_COMMAND);
  if (value.type === "SimpleCommand" && literalText(value.name) === "help") value.name = word(HELP_COMMAND);
  if (value.type === "Pipeline" && Array.isArray(value.commands)) {
    const commands = value.commands as Node[];
    for (let index = 0; index < commands.length; index++) {
      const problem = commandProblem(commands[index] as Node, scratch);
      if (problem) commands[index] = refusal(problem) as unknown as Node;
    }
  }
  for (const key of Object.keys(value)) {
    if (key !== "type") visit(value[key], functions, scratch);
  }
  if (value.type === "Statement" && value.background === true) backgroundJob(value, functions);
}

/**
 * The script guard: rewrites, before the run, every construct the refusing filesystem cannot catch cleanly
 * (file redirections, process substitution, `source`, running a path) into a command that prints why it was
 * refused and fails with exit 1, so the script goes on as bash would after a failed command.
 * TM-FS-003: the interpreter passes every script it parses at run time (eval, a trap's action, an alias, `$(...)`
 * built at run time) through this transform too, once, before running it (patch 0600), so the rewrites must stay
 * idempotent: a second pass over an already guarded tree changes nothing.
 */
export const scriptGuard: ScriptGuard = guard(false);

/**
 * The guard of a run with a scratch space (TM-FS-002): redirections to literal files under /tmp and process
 * substitution are left to run; a literal file elsewhere is refused before the run, pointing to /tmp.
 */
export const scratchGuard: ScriptGuard = guard(true);

interface ScriptGuard {
  name: string;
  transform(context: { ast: ScriptNode }): { ast: ScriptNode };
}

function guard(scratch: boolean): ScriptGuard {
  return {
    name: "toolshell-guard",
    transform(context) {
      visit(context.ast, functionDefinitions(context.ast), scratch);
      return { ast: context.ast };
    },
  };
}
