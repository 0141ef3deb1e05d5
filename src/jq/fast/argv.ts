/**
 * The fast path's reading of jq's argv: output and input flags it reproduces (-r -c -j -e -n, alone or combined
 * as -rc, and their long names), `--arg name value`, `--argjson name json`, and one filter. Anything else
 * (another flag, a second operand, `--`, binding $ENV or $ARGS) is left to jq.
 */
import { parseDocument } from "./input.js";
import { type Value, wellFormed } from "./value.js";

export interface FastCall {
  filter: string;
  raw: boolean;
  compact: boolean;
  /** -j: raw, and no newline after each output. */
  join: boolean;
  /** -e: the exit status tells whether the last output was null/false (1) or there was none (4). */
  exitStatus: boolean;
  nullInput: boolean;
  variables: Map<string, Value>;
}

const LONG_FLAGS: Record<string, string> = {
  "--raw-output": "r",
  "--compact-output": "c",
  "--join-output": "j",
  "--exit-status": "e",
  "--null-input": "n",
};
const SHORT_FLAGS = /^-[rcjen]+$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Variables jq defines itself, which --arg does not replace: the environment and {positional, named}. */
const JQ_VARIABLES: ReadonlySet<string> = new Set(["ENV", "ARGS"]);

export function readArgv(argv: readonly string[]): FastCall | undefined {
  const call: FastCall = {
    filter: "",
    raw: false,
    compact: false,
    join: false,
    exitStatus: false,
    nullInput: false,
    variables: new Map(),
  };
  let filter: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === "--arg" || arg === "--argjson") {
      const name = argv[index + 1];
      const text = argv[index + 2];
      if (name === undefined || text === undefined || !VARIABLE_NAME.test(name)) return undefined;
      // A repeated name, one of jq's own, or text jq would receive re-encoded (a lone surrogate), is left to jq.
      if (call.variables.has(name) || JQ_VARIABLES.has(name) || !wellFormed(text)) return undefined;
      const value = arg === "--arg" ? text : parseDocument(text);
      if (value === undefined) return undefined;
      call.variables.set(name, value);
      index += 2;
      continue;
    }
    const flags = LONG_FLAGS[arg] ?? (SHORT_FLAGS.test(arg) ? arg.slice(1) : undefined);
    if (flags !== undefined) {
      for (const flag of flags) {
        if (flag === "r") call.raw = true;
        else if (flag === "c") call.compact = true;
        else if (flag === "j") call.raw = call.join = true;
        else if (flag === "e") call.exitStatus = true;
        else call.nullInput = true;
      }
    } else if (arg.startsWith("-") || filter !== undefined) return undefined;
    else filter = arg;
  }
  if (filter === undefined || !wellFormed(filter)) return undefined;
  call.filter = filter;
  return call;
}
