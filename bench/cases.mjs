// The measured cases: the script each shell runs, how its output is checked, how many iterations one child does
// per round, and what one sample is divided by to give the reported figure.

import { BIG_SIZES, selectedCount } from "./tools.mjs";

export const CHAIN = `user=$(get_user --id 42)
name=$(echo "$user" | jq -r .name)
order=$(list_orders --user_id 42 --limit 1 | jq -c '.[0]')
product=$(get_product --product_id "$(jq -r .product_id <<<"$order")" | jq -r .name)
eta=$(get_shipping --order_id "$(jq -r .order_id <<<"$order")" | jq -r .eta)
echo "$name ordered $product, arriving $eta"`;

const USER_42 = '{"id":42,"name":"Jane Doe","email":"jane@example.com","tier":"gold"}\n';

const exactly = (want) => (stdout) => stdout === want;

/** Big-array cases: the expected line count is computed from the same array the tool returns. */
function jqCase(key, iterations) {
  return {
    id: `jq_${key}`,
    label: `jq select over ${key.toUpperCase()}B array`,
    group: "jq",
    set: "big",
    script: `big_${key} | jq -c '.[] | select(.v > 10)' | wc -l`,
    check: (stdout) => stdout.trim() === String(selectedCount(key)),
    bytes: BIG_SIZES[key],
    iterations,
    warmup: key === "8m" ? 0 : 1,
    divisor: 1,
    unit: "per run",
  };
}

/**
 * `targets` name the rows the issue sets a bar for. `divisor` turns one sample (one execute) into the reported
 * figure (per tool call, per jq call). `skip` lists implementations that cannot run a case, with the reason.
 */
export const CASES = [
  {
    id: "one_call",
    label: "one call: get_user --id 42",
    group: "core",
    set: "shop",
    script: "get_user --id 42",
    check: exactly(USER_42),
    iterations: 40,
    warmup: 30,
    divisor: 1,
    unit: "per run",
  },
  {
    id: "chain",
    label: "5-call chain with $(...) and jq",
    group: "core",
    set: "shop",
    script: CHAIN,
    check: exactly("Jane Doe ordered Trail Running Shoes, arriving 2026-12-02\n"),
    iterations: 15,
    // Ten runs were too few for V8 to optimize the chain's code paths: with them, the first two rounds' medians
    // of both toolshell columns were ~2x the later rounds' (bashkit's, native, were flat).
    warmup: 30,
    divisor: 1,
    unit: "per run",
  },
  {
    id: "loop_1000",
    label: "1,000-call loop, per call",
    group: "core",
    set: "shop",
    script: "for i in $(seq 1 1000); do get_user --id 42 >/dev/null; done; echo done",
    check: exactly("done\n"),
    iterations: 1,
    warmup: 4,
    divisor: 1000,
    unit: "per call",
  },
  {
    id: "tools_200",
    label: "warm one call, 200 tools registered",
    group: "core",
    set: "many",
    script: "get_user --id 42",
    check: exactly(USER_42),
    iterations: 40,
    warmup: 20,
    divisor: 1,
    unit: "per run",
  },
  jqCase("1k", 10),
  jqCase("1m", 2),
  jqCase("8m", 1),
  {
    id: "jq_tiny",
    label: "tiny echo '{...}' | jq -r .name, per call",
    group: "jq",
    set: "shop",
    script: `for i in $(seq 1 200); do echo '{"name":"x"}' | jq -r .name; done`,
    check: exactly("x\n".repeat(200)),
    iterations: 1,
    warmup: 1,
    divisor: 200,
    unit: "per call",
  },
  {
    // The same loop with a filter that jq's fast path (plain `-r .path` to a string) does not answer: real jq.
    id: "jq_tiny_full",
    label: "tiny echo '{...}' | jq -c '{n: .name}', per call",
    group: "jq",
    set: "shop",
    script: `for i in $(seq 1 200); do echo '{"name":"x"}' | jq -c '{n: .name}'; done`,
    check: exactly('{"n":"x"}\n'.repeat(200)),
    iterations: 1,
    warmup: 1,
    divisor: 200,
    unit: "per call",
  },
  ...[
    ["fanout", "fan-out: 3 x 300 ms tools, a & b & c; wait", "slow_a & slow_b & slow_c; wait"],
    [
      "fanout_parallel",
      "fan-out: 3 x 300 ms tools, parallel ::: a b c",
      "parallel '{}' ::: slow_a slow_b slow_c",
    ],
    [
      "fanout_xargs",
      "fan-out: 3 x 300 ms tools, xargs -P 3",
      "printf '%s\\n' slow_a slow_b slow_c | xargs -P 3 -I{} {}",
    ],
  ].map(([id, label, script]) =>
    fanoutCase(
      id,
      label,
      script,
      (stdout) => stdout.split("\n").filter(Boolean).sort().join(",") === "slow_a,slow_b,slow_c",
    ),
  ),
  ...[
    [
      "fan100_serial",
      "100 x 20 ms calls, one after another",
      "for i in $(seq 1 100); do slow_item --id $i; done",
    ],
    ["fan100_j8", "100 x 20 ms calls, parallel -j 8", "seq 1 100 | parallel -j 8 'slow_item --id {}'"],
  ].map(([id, label, script]) =>
    fanoutCase(
      id,
      label,
      script,
      (stdout) => stdout === Array.from({ length: 100 }, (_, i) => `${i + 1}\n`).join(""),
    ),
  ),
];

/** A fan-out case: async tools only toolshell can overlap (bashkit's callbacks must return synchronously). */
function fanoutCase(id, label, script, check) {
  return {
    id,
    label,
    group: "fanout",
    set: "fanout",
    script,
    check,
    iterations: 1,
    warmup: 1,
    divisor: 1,
    unit: "per run",
    skip: { bashkit: "bashkit callbacks must return synchronously: no async tool to fan out" },
  };
}

/**
 * Run once, outside the rounds, for the record: the 8 MB jq case with toolshell's default worker heap (256 MiB).
 * The measured jq cases give the worker pool a larger heap (see child.mjs) so that they can run at all.
 */
export const PROBES = [
  {
    id: "jq_8m_default_heap",
    label: "jq over 8MB array, worker isolation, default workerMemoryMb (256)",
    set: "big_default_heap",
    script: "big_8m | jq -c '.[] | select(.v > 10)' | wc -l",
    check: (stdout) => stdout.trim() === String(selectedCount("8m")),
    impls: ["ts-worker"],
  },
];

export const IMPLS = [
  { id: "direct", label: "direct JS (floor)" },
  { id: "ts-worker", label: "toolshell worker" },
  { id: "ts-inline", label: "toolshell inline" },
  { id: "bashkit", label: "bashkit 0.18.2" },
];

/** Bars from the issue: ratio = toolshell median / bashkit median. `null` threshold = report only. */
export const TARGETS = [
  { caseId: "one_call", impl: "ts-worker", max: 1.0 },
  { caseId: "chain", impl: "ts-worker", max: 1.0 },
  { caseId: "tools_200", impl: "ts-worker", max: 0.3 },
  { caseId: "one_call", impl: "ts-inline", max: 0.7 },
  { caseId: "chain", impl: "ts-inline", max: 0.7 },
  { caseId: "loop_1000", impl: "ts-worker", max: null },
  { caseId: "loop_1000", impl: "ts-inline", max: null },
];
