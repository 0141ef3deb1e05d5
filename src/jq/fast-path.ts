/**
 * Answers the commonest jq call a model writes, `jq -r .a.b[0].c` on one JSON document, without starting jq,
 * when the answer is certain to be the CLI's: the filter is a plain path of identifiers and non-negative
 * indexes, the input is valid UTF-8 holding exactly one JSON value, and the value at the path is a string
 * (printed raw, plus a newline). Anything else returns undefined and goes to the real jq.
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
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The path's steps (keys and indexes), or undefined when the filter is anything but a plain path. */
export function plainPath(filter: string): Array<string | number> | undefined {
  const steps: Array<string | number> = [];
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

/** Deepest nesting of arrays and objects in JSON text, ignoring brackets inside strings. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92)
        index++; // backslash: skip the escaped character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) deepest = Math.max(deepest, ++depth);
    else if (code === 93 || code === 125) depth--;
  }
  return deepest;
}

function walk(value: unknown, steps: Array<string | number>): unknown {
  let current = value;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (typeof current !== "object" || current === null || Array.isArray(current)) return undefined;
      if (!Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}

/** jq's stdout for `jq -r <path>` on `input`, when it can be given exactly without jq; else undefined. */
export function fastRawPath(argv: readonly string[], input: Uint8Array): string | undefined {
  if (argv.length !== 2) return undefined;
  const [first, second] = argv;
  const filter = first === "-r" || first === "--raw-output" ? second : second === "-r" ? first : undefined;
  if (filter === undefined || filter.startsWith("-")) return undefined;
  const steps = plainPath(filter);
  if (!steps || input.byteLength > MAX_INPUT_BYTES) return undefined;
  let text: string;
  try {
    text = utf8.decode(input);
  } catch {
    return undefined;
  }
  if (nestingDepth(text) > MAX_DEPTH) return undefined;
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  const found = walk(document, steps);
  // Surrogates (escaped lone halves, even pairs) are left to jq's own replacement rules.
  if (typeof found !== "string" || /[\uD800-\uDFFF]/.test(found)) return undefined;
  return `${found}\n`;
}
