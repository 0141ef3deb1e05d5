import { parse } from "#just-bash";
import { MAX_LONE_CALL_CHARS } from "../limits.js";
import type { ShellCatalog } from "./catalog.js";
import { literalText } from "./guard.js";
import { type LoneToolCall, SHADOWED } from "./plain-call.js";

/**
 * The tool call a script consists of, when it is nothing else: one statement, one command, a tool's name and
 * words without expansions (plain, quoted or escaped text), no assignment, redirection, pipe, `&`, `!` or
 * `time`. Then bash would only run that command with those words and an empty stdin, and the run can call the tool
 * directly, as bash itself does for `bash -c 'one command'`. Anything else, or anything that fails to parse,
 * is undefined: the whole shell runs it. `reserved` names the shell's own commands (they win over a tool).
 */
export function loneToolCall(
  script: string,
  catalog: ShellCatalog,
  reserved: ReadonlySet<string>,
): LoneToolCall | undefined {
  if (script.length > MAX_LONE_CALL_CHARS) return undefined;
  // Cheap first: the first word must be a tool's name, or this is not worth parsing.
  const start = script.search(/\S/);
  if (start < 0) return undefined;
  let end = start;
  while (end < script.length && !/[\s;|&<>()]/.test(script.charAt(end))) end++;
  const first = script.slice(start, end).replace(/^["']|["']$/g, "");
  const spec = catalog.tools.get(first);
  if (!spec || SHADOWED.has(first) || reserved.has(first)) return undefined;
  let ast: ReturnType<typeof parse>;
  try {
    ast = parse(script);
  } catch {
    return undefined;
  }
  if (ast.statements.length !== 1) return undefined;
  const statement = ast.statements[0];
  if (!statement || statement.background || statement.deferredError || statement.pipelines.length !== 1)
    return undefined;
  const pipeline = statement.pipelines[0];
  if (!pipeline || pipeline.negated || pipeline.timed || pipeline.commands.length !== 1) return undefined;
  const command = pipeline.commands[0];
  if (
    command?.type !== "SimpleCommand" ||
    command.assignments.length > 0 ||
    command.redirections.length > 0 ||
    literalText(command.name) !== spec.name
  )
    return undefined;
  const argv: string[] = [];
  for (const word of command.args) {
    const text = literalText(word);
    if (text === undefined) return undefined;
    argv.push(text);
  }
  return { spec, argv };
}
