import { readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parse } from "#just-bash";
import type { ScriptedTool } from "../scripted-tool.js";
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

function loadHistory(file: string): string[] {
  if (file === "") return [];
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean).slice(0, HISTORY_SIZE);
  } catch {
    return [];
  }
}

function saveHistory(file: string, history: string[]): void {
  if (file === "") return;
  try {
    writeFileSync(file, `${history.join("\n")}\n`, { mode: 0o600 });
  } catch {
    // A history that cannot be saved is not worth interrupting the session for.
  }
}

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
  });
  rl.on("history", (history: string[]) => saveHistory(historyFile, history));

  let showTrace = false;
  let pending: string[] = [];
  let running: AbortController | undefined;
  let interruptedOnce = false;
  const say = (text: string): void => {
    io.stdout.write(text);
  };
  const prompt = (): void => {
    if (!terminal) return;
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

  for await (const line of rl) {
    interruptedOnce = false;
    const command = line.trim();
    if (pending.length === 0 && command.startsWith(".")) {
      if (command === ".exit") break;
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
