/**
 * The run a pool worker started ahead of the first execute() makes before it takes one (ADR 0038): a script that
 * touches what an agent's scripts do, so that V8 has compiled the interpreter's hot paths and jq's WebAssembly is
 * compiled and instantiated (in the shell worker's own thread, where a run's jq calls run: ADR 0039) before a real
 * run needs them. Its one tool is answered by the pool itself; its output is thrown away.
 */
import {
  DEFAULT_MAX_COMMANDS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_LOOP_ITERATIONS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_TOOL_CALLS,
  MAX_KEPT_OUTPUT_BYTES,
  MAX_TRACE_ENTRIES,
} from "../limits.js";
import type { ToolSpec } from "../tool/tool.js";
import type { CallAnswer, ScriptOrder } from "./protocol.js";

/** The warm-up's catalog id: ScriptedTools number theirs from 1, so it is never one of theirs. */
const WARM_UP_CATALOG_ID = 0;

/**
 * Times the warm-up script runs: V8 optimises a function after several calls, so one pass leaves the second and
 * third runs slower than the tenth. A run that comes meanwhile skips the passes left.
 */
export const WARM_UP_PASSES = 3;

/** The warm-up's wall time; it takes ~0.1-0.3 s on a fresh worker, so this is only a backstop. */
const WARM_UP_TIMEOUT_MS = 10_000;

/** One tool with typed flags (an integer, a string, a boolean), so that flag parsing and validation are compiled. */
export const WARM_UP_CATALOG: { id: number; tools: ToolSpec[] } = {
  id: WARM_UP_CATALOG_ID,
  tools: [
    {
      name: "get_record",
      description: "A record by id",
      inputSchema: {
        type: "object",
        properties: {
          id: { type: "integer", minimum: 1 },
          fields: { type: "string" },
          verbose: { type: "boolean" },
        },
        required: ["id"],
        additionalProperties: false,
      },
      tags: [],
      category: undefined,
      risk: { readOnly: true, destructive: false, idempotent: true, openWorld: false, level: "safe" },
    },
  ],
};

/** What every call of the warm-up's tool prints. */
export const WARM_UP_ANSWER: CallAnswer = {
  stdout:
    '{"id":1,"name":"Ada","team":"core","tags":["a","b"],"orders":[{"id":7,"total":12.5},{"id":9,"total":3}]}\n',
  stderr: "",
  exitCode: 0,
};

/**
 * Builtins, a function, a loop, `$(...)`, pipes, the text tools a little, jq's fast path (`jq -r .name`) and real
 * jq (a constructed object, `map`, `add`), and the tool's flags.
 */
const WARM_UP_SCRIPT = `
name=$(get_record --id 1 | jq -r .name)
get_record --id 2 --fields name,orders --verbose | jq -c '{n: .name, total: (.orders | map(.total) | add)}'
label() { local who=$1; printf '%s:%d\\n' "$who" "\${#who}"; }
for i in 1 2 3; do label "u$i"; done | sort -r | uniq -c | awk '{ s += $1 } END { print s }'
count=$(echo "a,b,a" | tr , '\\n' | sort | uniq | wc -l)
if [[ $count -eq 2 && -n $name ]]; then echo "$(( count * 2 )) \${name,,}"; fi
echo "hello world" | sed 's/world/there/' | cut -d' ' -f2 | grep -c there
`;

/** The warm-up as a run order, with the default limits. */
export const WARM_UP_ORDER: ScriptOrder = {
  script: WARM_UP_SCRIPT,
  env: {},
  limits: {
    maxToolCalls: DEFAULT_MAX_TOOL_CALLS,
    maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES,
    maxLoopIterations: DEFAULT_MAX_LOOP_ITERATIONS,
    maxCommands: DEFAULT_MAX_COMMANDS,
    maxTraceEntries: MAX_TRACE_ENTRIES,
    maxConcurrency: DEFAULT_MAX_CONCURRENCY,
    maxKeptOutputBytes: MAX_KEPT_OUTPUT_BYTES,
  },
  timeoutMs: WARM_UP_TIMEOUT_MS,
  sanitizeErrors: true,
};
