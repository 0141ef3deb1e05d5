/**
 * Answers the commonest jq calls a model writes (`jq -r .a.b[0].c`, `jq -c '.[0]'`, `jq .`) without starting jq,
 * when the answer is certain to be the CLI's: the filter is a plain path of identifiers and non-negative indexes,
 * the flags are only -r and -c, and the input is one JSON document of valid UTF-8 whose every number is written
 * canonically (jq 1.8 prints number literals as written, JavaScript as it computes them). Values whose JSON
 * JavaScript would write differently (integer-like object keys, which it reorders; DEL or surrogates in strings,
 * which jq escapes or replaces) go to jq, as does anything else. Returns undefined to mean "ask jq".
 */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;
const INDEX = /^\[(0|[1-9]\d{0,8})\]/;
/** Words jq may read as keywords after a dot: left to jq. */
const KEYWORDS = new Set([
  "if",
  "then",
  "elif",
  "else",
  "end",
  "as",
  "def",
  "reduce",
  "foreach",
  "try",
  "catch",
  "label",
  "import",
  "include",
  "and",
  "or",
  "not",
  "__loc__",
]);
/** Bigger or deeper inputs go to jq, whose own parser limits then apply. */
const MAX_INPUT_BYTES = 256 * 1024;
const MAX_DEPTH = 256;
/** Numbers both jq and JavaScript write exactly as given. */
const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,15})?$/;
const NUMBER_TOKEN = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const INTEGER_KEY = /^(0|[1-9]\d*)$/;
const UNSAFE_TEXT = /[\u007f\uD800-\uDFFF]/;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

type Step = string | number;

/** The path's steps (keys and indexes), or undefined when the filter is anything but a plain path. */
export function plainPath(filter: string): Step[] | undefined {
  const steps: Step[] = [];
  let rest = filter.trim();
  if (!rest.startsWith(".")) return undefined;
  if (rest === ".") return steps;
  while (rest.length > 0) {
    if (rest.startsWith(".")) rest = rest.slice(1);
    else if (!rest.startsWith("[")) return undefined;
    const index = INDEX.exec(rest);
    const key = index ? undefined : IDENTIFIER.exec(rest);
    if (index?.[1]) steps.push(Number(index[1]));
    else if (key?.[0] && !KEYWORDS.has(key[0])) steps.push(key[0]);
    else return undefined;
    rest = rest.slice((index ?? key)?.[0].length ?? 0);
  }
  return steps;
}

/** The filter and output flags, when argv is nothing but -r/-c (in any spelling) and one filter. */
function readArgv(argv: readonly string[]): { filter: string; raw: boolean; compact: boolean } | undefined {
  let filter: string | undefined;
  let raw = false;
  let compact = false;
  for (const arg of argv) {
    if (arg === "-r" || arg === "--raw-output") raw = true;
    else if (arg === "-c" || arg === "--compact-output") compact = true;
    else if (arg === "-rc" || arg === "-cr") raw = compact = true;
    else if (arg.startsWith("-") || filter !== undefined) return undefined;
    else filter = arg;
  }
  return filter === undefined ? undefined : { filter, raw, compact };
}

/** True when the JSON text nests no deeper than MAX_DEPTH and writes every number plainly. */
function plainText(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      if (++depth > MAX_DEPTH) return false;
    } else if (code === 93 || code === 125) depth--;
    else if (code === 45 || (code >= 48 && code <= 57)) {
      NUMBER_TOKEN.lastIndex = index;
      const token = NUMBER_TOKEN.exec(text)?.[0] ?? "";
      if (!PLAIN_NUMBER.test(token) || String(Number(token)) !== token) return false;
      index += token.length - 1;
    }
  }
  return true;
}

/** jq's path semantics on the way down: null stays null, a missing key or index is null, a type clash is jq's. */
function walk(value: unknown, steps: readonly Step[]): { found: unknown } | undefined {
  let current = value;
  for (const step of steps) {
    if (current === null) continue;
    if (typeof step === "number" && Array.isArray(current))
      current = step < current.length ? current[step] : null;
    else if (typeof step === "string" && typeof current === "object" && !Array.isArray(current)) {
      current = Object.hasOwn(current, step) ? (current as Record<string, unknown>)[step] : null;
    } else return undefined;
  }
  return { found: current };
}

/** True when JSON.stringify writes this value exactly as jq does. */
function writesLikeJq(value: unknown): boolean {
  if (typeof value === "string") return !UNSAFE_TEXT.test(value);
  if (Array.isArray(value)) return value.every(writesLikeJq);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).every(
      ([key, item]) => !INTEGER_KEY.test(key) && !UNSAFE_TEXT.test(key) && writesLikeJq(item),
    );
  }
  return true;
}

/** jq's stdout for a plain-path call on `input`, when it can be given exactly without jq; else undefined. */
export function fastPath(argv: readonly string[], input: Uint8Array): string | undefined {
  const call = readArgv(argv);
  const steps = call && plainPath(call.filter);
  if (!call || !steps || input.byteLength > MAX_INPUT_BYTES) return undefined;
  let text: string;
  let document: unknown;
  try {
    text = utf8.decode(input);
    if (!plainText(text)) return undefined;
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  const walked = walk(document, steps);
  if (!walked || !writesLikeJq(walked.found)) return undefined;
  const { found } = walked;
  if (call.raw && typeof found === "string") return `${found}\n`;
  return `${call.compact ? JSON.stringify(found) : JSON.stringify(found, null, 2)}\n`;
}
