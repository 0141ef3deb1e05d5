// The agent-pace rows: what one sample is, how its output is checked, how many samples each implementation takes
// per idle gap, and the targets of issue 15 ("Fast where agents feel it"). See README.md, "Agent pace".

import { CHAIN } from "./cases.mjs";
import { PAGES, selectedCount } from "./tools.mjs";

export const AGENT_IMPLS = [
  { id: "ts-worker", label: "toolshell worker" },
  { id: "ts-inline", label: "toolshell inline (INFO)" },
  { id: "bashkit", label: "bashkit 0.18.2" },
];

/** The idle gaps before each warm sample, in ms. */
export const GAPS_MS = [0, 500];

const USER_42 = '{"id":42,"name":"Jane Doe","email":"jane@example.com","tier":"gold"}\n';
const CHAIN_OUT = "Jane Doe ordered Trail Running Shoes, arriving 2026-12-02\n";
const exactly = (want) => (stdout) => stdout === want;

export const PAGINATION = `page=1; total=0
while [ -n "$page" ]; do
  resp=$(list_items --page "$page" --per_page 20)
  count=$(jq '.items | length' <<<"$resp")
  total=$((total + count))
  page=$(jq -r '.next_page // empty' <<<"$resp")
done
echo "$total"`;

/** The big-array rows of the back-to-back bench (cases.mjs jqCase), one run per sample. */
function jqRow(key, label, samples, skip) {
  return {
    id: `jq_${key}`,
    label,
    kind: "script",
    set: "big",
    script: `big_${key} | jq -c '.[] | select(.v > 10)' | wc -l`,
    check: (stdout) => stdout.trim() === String(selectedCount(key)),
    samples,
    warmup: 1,
    divisor: 1,
    unit: "per run",
    skip,
  };
}

/**
 * Warm rows, run in one long-lived child per implementation. kind "script": one execute() on the child's
 * ScriptedTool of agentTools (`set: "agent"`) or of the big arrays (`set: "big"`); "concurrent": `runs` executes
 * of CHAIN launched at once over `instances` ScriptedTools, round robin, awaited together; "construct": a new
 * ScriptedTool with the 200 tools and its first execute of `script`. `divisor` turns one sample into the figure.
 * Rows of one `together` key (consecutive) are sampled in turns, one sample of each per turn (agent.mjs).
 */
export const WARM_ROWS = [
  {
    id: "one_call",
    label: "1. one call: get_user --id 42",
    kind: "script",
    set: "agent",
    script: "get_user --id 42",
    check: exactly(USER_42),
    samples: 12,
    warmup: 20,
    divisor: 1,
    unit: "per run",
  },
  {
    id: "chain",
    label: "2. 5-call chain with $(...) and jq",
    kind: "script",
    set: "agent",
    script: CHAIN,
    check: exactly(CHAIN_OUT),
    samples: 12,
    warmup: 20,
    divisor: 1,
    unit: "per run",
  },
  {
    id: "loop_1000",
    label: "3. 1,000-call loop, per call",
    kind: "script",
    set: "agent",
    script: "for i in $(seq 1 1000); do get_user --id 42 >/dev/null; done; echo done",
    check: exactly("done\n"),
    samples: 6,
    warmup: 2,
    divisor: 1000,
    unit: "per call",
  },
  {
    id: "pages",
    label: `4. pagination, ${PAGES} pages (1 call + 2 jq each), per page`,
    kind: "script",
    set: "agent",
    script: PAGINATION,
    check: exactly(`${PAGES * 20}\n`),
    samples: 8,
    warmup: 3,
    divisor: PAGES,
    unit: "per page",
  },
  {
    id: "conc8",
    label: "5. 64 concurrent chains over 8 ScriptedTools",
    kind: "concurrent",
    instances: 8,
    together: "concurrent",
    runs: 64,
    script: CHAIN,
    check: exactly(CHAIN_OUT),
    samples: 5,
    warmup: 1,
    divisor: 1,
    unit: "64 runs",
  },
  {
    id: "conc1",
    label: "5. 64 concurrent chains over 1 ScriptedTool",
    kind: "concurrent",
    instances: 1,
    together: "concurrent",
    runs: 64,
    script: CHAIN,
    check: exactly(CHAIN_OUT),
    samples: 5,
    warmup: 1,
    divisor: 1,
    unit: "64 runs",
  },
  {
    id: "tools200",
    label: "6. new ScriptedTool, 200 tools + first call",
    kind: "construct",
    script: "get_user --id 42",
    check: exactly(USER_42),
    samples: 6,
    warmup: 2,
    divisor: 1,
    unit: "per run",
  },
  jqRow("1m", "9. jq select over 1MB array", 5),
  jqRow("8m", "9. jq select over 8MB array", 2, {
    "ts-inline": "not run in agent mode (seconds per sample; the back-to-back bench has it)",
  }),
];

/** Fresh-process rows: samples per implementation (AGENT_SAMPLES does not change them). */
export const COLD_SAMPLES = 10;
export const FIRST_JQ_SAMPLES = 5;
export const RSS_CHECKPOINTS = [1000, 5000];
/**
 * The jq corpus's loops: each about `loopMs` long (`minIterations`..`maxIterations` invocations), `reps` loops of
 * jq and of cat per invocation, taken in turn.
 */
export const CORPUS_SETTINGS = { loopMs: 40, minIterations: 50, maxIterations: 1000, reps: 5 };

/**
 * Targets. `ratio`: median toolshell worker / median bashkit of a warm row (at every gap), `max` its bar;
 * `throughput`: bashkit's median time / toolshell's (runs/s ratio), `min` its bar. Cold, RSS and the corpus are
 * checked where they are measured (agent.mjs).
 */
export const WARM_TARGETS = [
  { rowId: "one_call", max: 0.8 },
  { rowId: "chain", max: 0.8 },
  { rowId: "loop_1000", max: 1.0 },
  { rowId: "pages", max: 0.6 },
  { rowId: "conc8", throughputMin: 1.2 },
  { rowId: "tools200", max: 1.0 },
  { rowId: "jq_1m", max: 0.6 },
];
export const COLD_MAX = 2.5;
export const RSS_MAX = 1.8;
export const CORPUS_FAST_US = 50;
export const CORPUS_FAST_SHARE = 0.9;
export const CORPUS_SLOWEST_MAX_MS = 1;
export const FIRST_JQ_MAX_MS = 10;
