import { MAX_LONE_CALL_CHARS } from "../limits.js";
import type { ToolSpec } from "../tool/tool.js";

/**
 * Words a tool's name may share with something the shell answers first or in its place: bash's reserved words and
 * builtins. A tool named like one of these (or like one of the shell's own commands) always goes through the whole
 * shell, which decides as it always has.
 */
export const SHADOWED: ReadonlySet<string> = new Set(
  (
    "! [[ ]] { } case coproc do done elif else esac fi for function if in select then time until while " +
    ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown " +
    "echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile " +
    "popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true " +
    "type typeset ulimit umask unalias unset wait"
  ).split(" "),
);

/** A script that is exactly one call of one tool: its spec and its words as the command would receive them. */
export interface LoneToolCall {
  spec: ToolSpec;
  argv: string[];
}

/** A character bash reads as itself in an unquoted word of a command's arguments, wherever it stands. */
function isPlain(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x5f || // _
    code === 0x2d || // -
    code === 0x2e || // .
    code === 0x2f || // /
    code === 0x3a || // :
    code === 0x2c || // ,
    code === 0x3d || // =
    code === 0x2b || // +
    code === 0x40 || // @
    code === 0x25 // %
  );
}

/** Control characters other than tab and newline, which no quoted text here may hold. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
}

const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

/**
 * Decision 0041: the tool call a script consists of, read without the interpreter, in one pass over at most
 * MAX_LONE_CALL_CHARS characters. It accepts only the plainest form of the lone call of decision 0009: blanks
 * (and newlines before and after) around words made of unquoted characters bash reads as themselves
 * (`[A-Za-z0-9_@%+=:,./-]`), single-quoted text, and double-quoted text without `$`, backquotes or backslashes;
 * the first word is an unquoted tool name, not a reserved word, a builtin or one of the shell's own commands
 * (`reserved`). For what it accepts, bash (and the shell's own check, loneToolCall) runs exactly that command with
 * exactly these words and an empty stdin; anything else (an expansion, a glob, a comment, an escape, a second
 * command, a redirection, a tool shadowed by the shell) is undefined and goes to the shell.
 */
export function plainToolCall(
  script: string,
  tools: ReadonlyMap<string, ToolSpec>,
  reserved: ReadonlySet<string>,
): LoneToolCall | undefined {
  if (script.length > MAX_LONE_CALL_CHARS) return undefined;
  const words: string[] = [];
  let i = 0;
  const end = script.length;
  while (i < end && (isBlank(script.charCodeAt(i)) || script.charCodeAt(i) === 0x0a)) i++;
  while (i < end) {
    let word = "";
    // Quoted text always makes a word, even an empty one (`''`).
    let quoted = false;
    while (i < end) {
      const code = script.charCodeAt(i);
      if (isPlain(code)) {
        word += script[i];
        i++;
      } else if (code === 0x27 || code === 0x22) {
        // Quoted text, to its closing quote: inside single quotes every character is itself; inside double
        // quotes too, except the ones that start an expansion or an escape.
        if (words.length === 0) return undefined;
        const close = script.indexOf(code === 0x27 ? "'" : '"', i + 1);
        if (close < 0) return undefined;
        for (let j = i + 1; j < close; j++) {
          const inner = script.charCodeAt(j);
          if (isControl(inner)) return undefined;
          if (code === 0x22 && (inner === 0x24 || inner === 0x60 || inner === 0x5c)) return undefined;
        }
        word += script.slice(i + 1, close);
        quoted = true;
        i = close + 1;
      } else break;
    }
    if (word === "" && !quoted) return undefined;
    // Cheap first: a script whose first word is not a tool's name is not read any further.
    if (words.length === 0 && (!tools.has(word) || SHADOWED.has(word) || reserved.has(word)))
      return undefined;
    words.push(word);
    if (i >= end) break;
    const code = script.charCodeAt(i);
    if (code === 0x0a) {
      // Newlines may only end the script.
      while (i < end && (isBlank(script.charCodeAt(i)) || script.charCodeAt(i) === 0x0a)) i++;
      if (i < end) return undefined;
      break;
    }
    if (!isBlank(code)) return undefined;
    while (i < end && isBlank(script.charCodeAt(i))) i++;
    if (i < end && script.charCodeAt(i) === 0x0a) {
      while (i < end && (isBlank(script.charCodeAt(i)) || script.charCodeAt(i) === 0x0a)) i++;
      if (i < end) return undefined;
    }
  }
  const [name, ...argv] = words;
  const spec = name === undefined ? undefined : tools.get(name);
  return spec ? { spec, argv } : undefined;
}
