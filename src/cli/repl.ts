import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parse } from "#just-bash";
import { describeFlags } from "../schema/describe.js";
import type { ScriptedTool } from "../scripted-tool.js";
import type { ToolSpec } from "../tool/tool.js";
import type { CliIo } from "./io.js";
import { traceText } from "./trace-text.js";

/** Options of the interactive prompt. */
export interface ReplOptions {
  /**
   * Where the history of an interactive session is kept between sessions (default `~/.toolshell_repl_history`,
   * or `$TOOLSHELL_REPL_HISTORY`; an empty string keeps none). Piped input never reads or writes it.
   */
  historyFile?: string;
}

const PROMPT = "toolshell> ";
const CONTINUE = "... ";
const HISTORY_SIZE = 1000;

const HELP = `Type a script and press Enter: each tool is a command (try \`help\`, or \`help <tool>\`).
A line ending in \\ or an open block (if/for/while/case, { }, ( ), quotes) continues on the next line.
  .help        this text
  .tools       the tools, one line each
  .trace       show or hide the trace after each script (now: %TRACE%)
  .exit        leave (Ctrl-D works too; Ctrl-C stops a running script or clears the input)
`;

const INCOMPLETE = /got EOF|unexpected EOF|unexpected end of file/i;

function endsInOpenParse(text: string): boolean {
  try {
    parse(text);
    return false;
  } catch (error) {
    return INCOMPLETE.test(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Whether the text typed so far is an unfinished script: a line continued with a backslash, an open quote, or an
 * open block (`if ...; then` without `fi`, `for ... do` without `done`, `{` without `}`, ...).
 * @example
 * needsMoreInput("for id in 1 2; do") // true
 * needsMoreInput("echo hi") // false
 */
export function needsMoreInput(text: string): boolean {
  if (/(^|[^\\])(\\\\)*\\$/.test(text)) return true;
  // `if x; then` with nothing after it is a syntax error rather than an early end: give it a body to find out.
  return endsInOpenParse(text) || endsInOpenParse(`${text}\n:`);
}

function defaultHistoryFile(): string {
  return process.env.TOOLSHELL_REPL_HISTORY ?? join(homedir(), ".toolshell_repl_history");
}

/** How the history file holds an entry of several lines: this mark, then the entry as a JSON string. */
const MULTILINE = "#multiline ";

function loadHistory(file: string): string[] {
  if (file === "") return [];
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .slice(0, HISTORY_SIZE)
      .map((entry) => {
        if (!entry.startsWith(MULTILINE)) return entry;
        try {
          const script: unknown = JSON.parse(entry.slice(MULTILINE.length));
          return typeof script === "string" ? script : entry;
        } catch {
          return entry;
        }
      });
  } catch {
    return [];
  }
}

function saveHistory(file: string, history: string[]): void {
  if (file === "") return;
  const lines = history.map((entry) =>
    entry.includes("\n") ? `${MULTILINE}${JSON.stringify(entry)}` : entry,
  );
  try {
    writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  } catch {
    // A history that cannot be saved is not worth interrupting the session for.
  }
}

/**
 * The history once a script of several lines has run: its lines (which readline kept one by one, newest first) give
 * way to the whole script as one entry, so the up arrow recalls all of it.
 */
export function historyWithScript(history: string[], lines: readonly string[]): string[] {
  if (lines.length < 2) return history;
  const kept = [...history];
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    if (kept[0] === line) kept.shift();
  }
  kept.unshift(lines.join("\n"));
  return kept.slice(0, HISTORY_SIZE);
}

/** Words before which the next word is a command. */
const COMMAND_START = /(^|[|;&({]|\$\(|\b(then|do|else|elif|if|while|until|time|!))\s*$/;

/**
 * Tab completion: a tool's name (or a dot command at the start) where a command goes, a flag of the command being
 * typed after `--`. Returns the candidates and the word they complete, as readline's completer does.
 * @example
 * completions("get_user | list_o", tools) // [["list_orders"], "list_o"]
 */
export function completions(line: string, tools: readonly ToolSpec[]): [string[], string] {
  const word = /[^\s|;&(){}]*$/.exec(line)?.[0] ?? "";
  const before = line.slice(0, line.length - word.length);
  if (word.startsWith("-")) {
    const segment = before.split(/\|\||&&|[|;&(]|\$\(/).at(-1) ?? "";
    const command = segment.trim().split(/\s+/)[0] ?? "";
    const spec = tools.find((tool) => tool.name === command);
    const flags = spec ? describeFlags(spec.inputSchema).map((flag) => `--${flag.name}`) : [];
    return [spaced(flags.filter((flag) => flag.startsWith(word))), word];
  }
  if (!COMMAND_START.test(before)) return [[], word];
  const names = tools.map((tool) => tool.name);
  const dots = before.trim() === "" ? DOT_COMMANDS : [];
  return [spaced([...names, ...dots].filter((name) => name.startsWith(word))), word];
}

/** A single candidate is the whole word: a space after it, as a shell completes. */
function spaced(hits: string[]): string[] {
  return hits.length === 1 ? [`${hits[0]} `] : hits;
}

const DOT_COMMANDS = [".help", ".tools", ".trace", ".exit"];

/**
 * An interactive prompt over `api`: each script typed (or piped in, one per line or block) runs, then its stdout,
 * its stderr and a `[exit N, K calls, T ms]` line are printed. History (arrow keys) when stdin is a terminal.
 * Resolves to 0 when the session ends (`.exit`, Ctrl-D or the end of piped input).
 */
export async function startRepl(api: ScriptedTool, io: CliIo, options: ReplOptions = {}): Promise<number> {
  const terminal = Boolean(io.stdin.isTTY) && Boolean((io.stdout as { isTTY?: boolean }).isTTY);
  const historyFile = terminal ? (options.historyFile ?? defaultHistoryFile()) : "";
  const rl = createInterface({
    input: io.stdin,
    output: io.stdout,
    terminal,
    prompt: PROMPT,
    history: loadHistory(historyFile),
    historySize: HISTORY_SIZE,
    ...(terminal ? { completer: (line: string) => completions(line, api.tools()) } : {}),
  });
  rl.on("history", (history: string[]) => saveHistory(historyFile, history));
  // Ctrl-D (or the end of piped input) while a script runs: the script finishes, then the session ends without
  // printing another prompt.
  let closed = false;
  let leaving = false;
  rl.on("close", () => {
    closed = true;
    // Ctrl-D at the prompt leaves the cursor after it: end the line, as a shell does (.exit ended its own).
    if (terminal && !running && !leaving) say("\n");
  });

  let showTrace = false;
  let pending: string[] = [];
  let running: AbortController | undefined;
  let interruptedOnce = false;
  const say = (text: string): void => {
    io.stdout.write(text);
  };
  const prompt = (): void => {
    if (!terminal || closed) return;
    rl.setPrompt(pending.length > 0 ? CONTINUE : PROMPT);
    rl.prompt();
  };

  rl.on("SIGINT", () => {
    if (running) {
      running.abort();
      return;
    }
    if (pending.length > 0 || rl.line !== "") {
      pending = [];
      interruptedOnce = false;
      say("\n");
      rl.write(null, { ctrl: true, name: "u" });
      prompt();
      return;
    }
    if (interruptedOnce) {
      rl.close();
      return;
    }
    interruptedOnce = true;
    say("\n(To exit, press Ctrl-C again, Ctrl-D or type .exit)\n");
    prompt();
  });

  if (terminal) {
    const names = api.tools().map((tool) => tool.name);
    say(`toolshell repl: ${api.name}, ${names.length} tools (${names.join(", ")}). Type .help for help.\n`);
  }
  prompt();

  for await (const received of rl) {
    // A recalled entry of several lines comes back with its newlines as "\r" on Node 22+ (their readline edits
    // multi-line entries): they are newlines again here. A typed line never holds a "\r" (Enter ends it).
    const line = received.replace(/\r\n?/g, "\n");
    interruptedOnce = false;
    const command = line.trim();
    if (pending.length === 0 && command.startsWith(".")) {
      if (command === ".exit") {
        leaving = true;
        break;
      }
      if (command === ".help") say(HELP.replace("%TRACE%", showTrace ? "on" : "off"));
      else if (command === ".tools") {
        for (const tool of api.tools())
          say(`  ${tool.name}${tool.description ? ` - ${tool.description}` : ""}\n`);
      } else if (command === ".trace") {
        showTrace = !showTrace;
        say(`trace ${showTrace ? "on" : "off"}\n`);
      } else say(`unknown command ${command}: try .help\n`);
      prompt();
      continue;
    }
    pending.push(line);
    const script = pending.join("\n");
    if (script.trim() === "" || needsMoreInput(script)) {
      if (script.trim() === "") pending = [];
      prompt();
      continue;
    }
    if (terminal && pending.length > 1) {
      const readlineHistory = (rl as unknown as { history: string[] }).history;
      const joined = historyWithScript(readlineHistory, pending);
      readlineHistory.splice(0, readlineHistory.length, ...joined);
      saveHistory(historyFile, joined);
    }
    pending = [];
    running = new AbortController();
    try {
      const started = performance.now();
      const result = await api.execute(script, { signal: running.signal });
      const elapsed = Math.round(performance.now() - started);
      if (result.stdout !== "") say(result.stdout.endsWith("\n") ? result.stdout : `${result.stdout}\n`);
      if (result.stderr !== "") io.stderr.write(result.stderr);
      const calls = result.trace.length + result.traceDropped;
      say(`[exit ${result.exitCode}, ${calls} ${calls === 1 ? "call" : "calls"}, ${elapsed} ms]\n`);
      if (showTrace && calls > 0) io.stderr.write(traceText(result));
    } finally {
      running = undefined;
    }
    prompt();
  }
  rl.close();
  return 0;
}
