/**
 * Answers the jq calls a model commonly writes (paths, pipes, select, map, object construction, `//`, @csv/@tsv,
 * --arg, -e, the common builtins: see fast/parse.ts) in JavaScript, without starting jq, when the answer is
 * certain to be the jq 1.8.2 CLI's: the same stdout bytes and exit status. Anything outside the subset, any input
 * it cannot read exactly as jq does (fast/input.ts), any jq error and any value whose output it is not sure of
 * gives undefined: "ask jq", which then answers with its own output and messages.
 */
import { JQ_DRIVER_LIMITS } from "../limits.js";
import { refusedArgv } from "./driver.js";
import { readArgv } from "./fast/argv.js";
import type { Node } from "./fast/ast.js";
import { Budget } from "./fast/budget.js";
import { createRun } from "./fast/evaluate.js";
import { readInput } from "./fast/input.js";
import { MAX_PROGRAM_CHARS, parseFilter } from "./fast/parse.js";
import { compact, pretty, type Value, wellFormed } from "./fast/value.js";

export interface FastAnswer {
  stdout: string;
  exitCode: number;
}

/** Past this much output the call goes to jq, whose own output bound then applies. */
const MAX_OUTPUT_CHARS = 1 << 20;

/** Parsed filters by their text and the names bound with --arg/--argjson, most recent last (null: not answered). */
const parsed = new Map<string, Node | null>();
/** Scripts run the same few filters in loops; this many are kept. */
const KEPT_FILTERS = 256;

function filterFor(source: string, variables: ReadonlySet<string>): Node | undefined {
  // The parser refuses these: keeping their text would let a loop of long programs hold 256 of them.
  if (source.length > MAX_PROGRAM_CHARS) return undefined;
  const key = `${[...variables].join(" ")}\n${source}`;
  let node = parsed.get(key);
  if (node === undefined) {
    node = parseFilter(source, variables) ?? null;
    if (parsed.size >= KEPT_FILTERS) parsed.delete(parsed.keys().next().value as string);
  } else parsed.delete(key);
  parsed.set(key, node);
  return node ?? undefined;
}

/**
 * jq's stdout and exit status for the call, when they can be given exactly without jq; else undefined. `input`:
 * jq's stdin, as bytes or as those bytes in a latin1 string (readInput). Output of more than `maxOutputBytes`
 * (UTF-8) is left to jq, which writes what fits and fails as its command's cap says.
 */
export function fastPath(
  argv: readonly string[],
  input: Uint8Array | string,
  maxOutputBytes: number = Number.POSITIVE_INFINITY,
): FastAnswer | undefined {
  // An argv jq would refuse (TM-MEM-002) is refused by jq's runner, with its message.
  if (refusedArgv(argv, JQ_DRIVER_LIMITS.maxArgvBytes)) return undefined;
  const call = readArgv(argv);
  const filter = call && filterFor(call.filter, new Set(call.variables.keys()));
  if (!call || !filter) return undefined;
  const documents: Value[] | undefined = call.nullInput ? [null] : readInput(input);
  if (!documents) return undefined;
  const budget = new Budget();
  const run = createRun(call.variables, budget);
  const newline = call.join ? "" : "\n";
  let stdout = "";
  let outputs = 0;
  let last: Value = null;
  const write = (value: Value): void => {
    let text: string;
    if (call.raw && typeof value === "string") {
      if (!wellFormed(value)) throw new Error("lone surrogate");
      text = value;
    } else text = call.compact ? compact(value, budget) : pretty(value, budget);
    stdout += text + newline;
    // A character is at least one byte: past the command's cap in characters is past it in bytes.
    if (stdout.length > MAX_OUTPUT_CHARS || stdout.length > maxOutputBytes)
      throw new Error("output past the fast path's bound or the command's cap");
    outputs++;
    last = value;
  };
  try {
    for (const document of documents) run(filter, document, write);
  } catch {
    // jq's errors (its message is jq's to write), Unsure, and the bounds above: jq answers the call.
    return undefined;
  }
  // Each UTF-16 unit is at most 3 UTF-8 bytes: the count is needed only near the cap.
  if (stdout.length * 3 > maxOutputBytes && Buffer.byteLength(stdout) > maxOutputBytes) return undefined;
  let exitCode = 0;
  if (call.exitStatus) exitCode = outputs === 0 ? 4 : last === null || last === false ? 1 : 0;
  return { stdout, exitCode };
}
