// The hostile soak: 1,000 hostile runs in a row against the compiled library in its default (worker) mode, in a
// fresh process started with a large `--max-old-space-size` (as production hosts often are; the worker caps must
// hold anyway). Each kind is one of issue 12's attacks; the kinds rotate. Oracles, checked on every run:
//   - the run answers as the fix promises (each kind's own check);
//   - its wall time, queueing included, is at most its deadline + 1 s;
//   - no output, stderr or trace holds the canary secret of the host's environment or an internal command name.
// Over the whole soak: the host's event loop never stalls over 100 ms, and RSS ends within 10% of its start
// (measured with the pools closed, after three warm-up rounds of every kind and at the end, each after an idle
// second and a GC; the RSS with the pools running and the peak are printed beside it).
// Items that need an MCP peer or HTTP (8-11's server parts) are covered by the unit tests, not here.
//
// `node soak.mjs` (from bench/, after `node build.mjs`); SOAK_RUNS (default 1000). Exits 1 when an oracle fails.

import { AsyncLocalStorage } from "node:async_hooks";
import { spawnSync } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

const HOST_HEAP_FLAG = "--max-old-space-size=4096";

if (!process.env.SOAK_CHILD) {
  // A fresh process with hostile-looking host flags (TM-MEM-001) and a canary secret in its environment.
  const child = spawnSync(process.execPath, ["--expose-gc", import.meta.filename], {
    stdio: "inherit",
    env: {
      ...process.env,
      SOAK_CHILD: "1",
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${HOST_HEAP_FLAG}`.trim(),
      SOAK_CANARY: `canary-${Math.random().toString(36).slice(2)}-secret`,
    },
  });
  process.exit(child.status ?? 1);
}

const RUNS = Number(process.env.SOAK_RUNS ?? 1000);
const WARMUP_ROUNDS = Number(process.env.SOAK_WARMUP_ROUNDS ?? 3);
const CANARY = process.env.SOAK_CANARY ?? "";
const { ScriptedTool, ToolError } = await import("../dist/src/index.js");
// A second copy of the package, as a tool library that bundles its own toolshell would carry (TM-ERR-001).
const copy = await import("../dist/src/index.js?second-copy");

const als = new AsyncLocalStorage();
const tools = [
  {
    name: "whoami",
    description: "The tenant of the caller's async context",
    inputSchema: { type: "object", properties: { n: { type: "integer" } } },
    execute: async () => {
      await sleep(1);
      return `${als.getStore()?.tenant ?? "none"}\n`;
    },
  },
  {
    name: "take",
    description: "Accepts an object and a note",
    inputSchema: {
      type: "object",
      properties: { filter: { type: "object" }, note: { type: "string" } },
    },
    execute: () => "ok\n",
  },
  {
    name: "code",
    description: "A code checked by a backtracking-prone pattern",
    inputSchema: {
      type: "object",
      properties: { code: { type: "string", pattern: "^(a+)+$" } },
      required: ["code"],
    },
    execute: ({ code }) => `${code.length}\n`,
  },
  {
    name: "refuse",
    description: "Fails on purpose with an error of another copy of toolshell",
    inputSchema: { type: "object", properties: {} },
    execute: () => {
      throw new copy.ToolError("no such order", { exitCode: 3 });
    },
  },
  {
    name: "own_refuse",
    description: "Fails on purpose",
    inputSchema: { type: "object", properties: {} },
    execute: () => {
      throw new ToolError("not allowed", { exitCode: 4 });
    },
  },
];

const api = new ScriptedTool({ name: "soak", tools, timeoutMs: 3000 });
const other = new ScriptedTool({ name: "soak_other", tools, timeoutMs: 3000 });
const small = new ScriptedTool({
  name: "soak_small",
  tools,
  timeoutMs: 5000,
  workerMemoryMb: 64,
  workers: 1,
});

const deep = `${"[".repeat(4096)}${"]".repeat(4096)}`;
const evil = `${"a".repeat(40)}!`;
const big = "x".repeat(32 * 1024);

/**
 * Each kind: what it runs, its deadline (ms), what a correct answer is (a reason when it is not), and its weight: how
 * many of every cycle of the soak's schedule are this kind (the slow floods less often, so the soak takes ~2 min).
 */
const KINDS = [
  {
    id: "als_cross_tenant",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const tenants = ["t1", "t2", "t3", "t4"];
      const results = await Promise.all(
        tenants.map((tenant, i) =>
          als.run({ tenant }, () =>
            (i % 2 ? other : api).execute("whoami; whoami & wait; parallel 'whoami --n {}' ::: 1"),
          ),
        ),
      );
      const wrong = results.findIndex((result, i) => result.stdout !== `${tenants[i]}\n`.repeat(3));
      return {
        result: results[0],
        problem: wrong >= 0 ? `tenant ${tenants[wrong]} saw ${JSON.stringify(results[wrong].stdout)}` : "",
      };
    },
  },
  {
    id: "memory_flood",
    weight: 1,
    deadline: 5000,
    run: async () => {
      const result = await small.execute(
        'a=(); i=0; while :; do a+=("$(printf "%01000000d" $((i++)))"); done',
      );
      return { result, problem: result.exitCode === 0 ? "a memory flood ended with 0" : "" };
    },
  },
  {
    id: "jq_repeat_head",
    weight: 1,
    deadline: 3000,
    run: async () => {
      const result = await api.execute("jq -n 'repeat(1)' | head -1");
      return { result, problem: result.exitCode === 124 ? "jq repeat ran to the deadline" : "" };
    },
  },
  {
    id: "jq_range_wc",
    weight: 1,
    deadline: 3000,
    run: async () => {
      const result = await api.execute("jq -n 'range(3000000)' | wc -l; echo after");
      return { result, problem: result.exitCode === 124 ? "jq range ran to the deadline" : "" };
    },
  },
  {
    id: "trace_bytes",
    weight: 2,
    deadline: 3000,
    run: async () => {
      const result = await api.execute(
        `big=${big}; for i in $(seq 1 300); do take --note "$big" >/dev/null; done; echo ok`,
      );
      const bytes = JSON.stringify(result.trace).length;
      return {
        result,
        problem:
          bytes > 4 * 1024 * 1024 ? `trace of ${bytes} bytes` : result.stdout === "ok\n" ? "" : "no ok",
      };
    },
  },
  {
    id: "deep_json_flag",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute(`take --filter '${deep}'; echo "status $?"`);
      return {
        result,
        problem: result.stdout.endsWith("status 2\n")
          ? ""
          : `deep JSON gave ${JSON.stringify(result.stdout.slice(-40))}`,
      };
    },
  },
  {
    id: "regex_backtracking",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute(`code --code '${evil}'; echo "status $?"`);
      const host = await api.call("code", { code: evil }, { timeoutMs: 100 });
      const problem =
        result.stdout !== "status 2\n"
          ? `script gave ${JSON.stringify(result.stdout)}`
          : host.ok
            ? "host call passed"
            : "";
      return { result, problem };
    },
  },
  {
    id: "dev_null_output",
    weight: 2,
    deadline: 3000,
    run: async () => {
      const result = await api.execute(
        "for i in $(seq 1 1500); do printf '%01000d' 0 >/dev/null; done; echo done",
      );
      return {
        result,
        problem: result.stdout === "done\n" ? "" : `got ${JSON.stringify(result.stdout.slice(0, 80))}`,
      };
    },
  },
  {
    id: "seq_generator",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute("seq 1 100000 | wc -l");
      return {
        result,
        problem: result.stdout.trim() === "100000" ? "" : `got ${JSON.stringify(result.stdout)}`,
      };
    },
  },
  {
    id: "internal_names",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute("wait %9; wait -x; wait 12345; echo $?");
      return { result, problem: "" };
    },
  },
  {
    id: "tool_error_copies",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute('refuse; echo "a $?"; own_refuse; echo "b $?"');
      const problem =
        result.stdout === "a 3\nb 4\n" && result.stderr.includes("no such order")
          ? ""
          : `got ${JSON.stringify(result)}`;
      return { result, problem };
    },
  },
  {
    id: "proto_keys",
    weight: 8,
    deadline: 3000,
    run: async () => {
      const result = await api.execute(
        `take --filter '{"__proto__":{"polluted":1}}'; echo "a $?"; echo '{"filter":{"__proto__":{"polluted":1}}}' | take; echo "b $?"; take --filter __proto__=1; echo "c $?"`,
      );
      const problem =
        {}.polluted !== undefined
          ? "Object.prototype polluted"
          : result.stdout === "a 2\nb 2\nc 2\n"
            ? ""
            : `got ${JSON.stringify(result.stdout)}`;
      return { result, problem };
    },
  },
];

/** Two hogs on one ScriptedTool, then another's one call with a 1 s deadline: its wall time must hold it. */
const STARVATION = {
  id: "pool_starvation",
  weight: 1,
  deadline: 1000,
  run: async () => {
    const hogs = [1, 2].map(() => api.execute("jq -n 'def f: f; f'", { timeoutMs: 1500 }));
    const result = await other.execute("whoami", { timeoutMs: 1000 });
    await Promise.all(hogs);
    return { result, problem: "" };
  },
};

/** One cycle: the kinds interleaved by weight (a kind of weight w comes w times a cycle, spread out). */
const SCHEDULE = [...KINDS, STARVATION]
  .flatMap((kind) => Array.from({ length: kind.weight }, (_, k) => ({ kind, at: (k + 0.5) / kind.weight })))
  .sort((a, b) => a.at - b.at)
  .map((slot) => slot.kind);

const delay = monitorEventLoopDelay({ resolution: 10 });
const failures = [];
const stats = new Map();
const rss = () => process.memoryUsage().rss;

async function settle() {
  await sleep(1000);
  globalThis.gc?.();
  await sleep(200);
  globalThis.gc?.();
}

async function once(kind, counted) {
  const started = performance.now();
  let outcome;
  try {
    outcome = await kind.run();
  } catch (error) {
    outcome = { result: undefined, problem: `threw: ${error?.stack ?? error}` };
  }
  const ms = performance.now() - started;
  if (!counted) {
    process.stderr.write(
      `soak: warm-up ${kind.id} ${ms.toFixed(0)} ms${outcome.problem ? ` (${outcome.problem.slice(0, 200)})` : ""}\n`,
    );
    return;
  }
  const entry = stats.get(kind.id) ?? { runs: 0, maxMs: 0, failed: 0 };
  entry.runs++;
  entry.maxMs = Math.max(entry.maxMs, ms);
  const problems = [];
  if (outcome.problem) problems.push(outcome.problem);
  if (ms > kind.deadline + 1000) problems.push(`took ${ms.toFixed(0)} ms (deadline ${kind.deadline} ms)`);
  const text = JSON.stringify(outcome.result ?? "");
  if (CANARY && text.includes(CANARY)) problems.push("the host's canary secret reached the run's result");
  if (text.includes("__toolshell")) problems.push("an internal command name reached the run's result");
  if (problems.length > 0) {
    entry.failed++;
    if (failures.length < 20) failures.push(`${kind.id}: ${problems.join("; ")}`);
  }
  stats.set(kind.id, entry);
}

const t0 = performance.now();
// Warm-up rounds: every kind on every worker, so the start is each worker's and jq's working size, not a cold one.
for (let round = 0; round < WARMUP_ROUNDS; round++)
  for (const kind of [...KINDS, STARVATION]) await once(kind, false);
// RSS is compared with the pools closed at both ends: a worker's heap and its jq worker's memory rise and fall
// with where each worker is in its life (replaced after a flood, retired when its heap stays high), which says
// nothing about a leak; what must come back is the host process's own memory. The pools start again lazily.
const closeAll = () => Promise.all([api.close(), other.close(), small.close()]);
await closeAll();
await settle();
const rssStart = rss();
delay.enable();
for (let i = 0; i < RUNS; i++) {
  const kind = SCHEDULE[i % SCHEDULE.length];
  await once(kind, true);
  if ((i + 1) % 100 === 0)
    process.stderr.write(`soak: ${i + 1} runs, RSS ${(rss() / 1048576).toFixed(0)} MiB\n`);
}
delay.disable();
await settle();
const rssLive = rss();
await closeAll();
await settle();
const rssEnd = rss();
const peak = process.resourceUsage().maxRSS * 1024;

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const maxStallMs = delay.max / 1e6;
const rssRatio = rssEnd / rssStart;
console.log(
  `\nhostile soak: ${RUNS} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s, host flags ${HOST_HEAP_FLAG}`,
);
console.log("| kind | runs | failed | slowest run |");
console.log("| --- | --- | --- | --- |");
for (const [id, entry] of stats)
  console.log(`| ${id} | ${entry.runs} | ${entry.failed} | ${entry.maxMs.toFixed(0)} ms |`);
const verdicts = [
  [`every run answered as promised, within deadline + 1 s, no canary`, failures.length === 0],
  [`event loop max stall ${maxStallMs.toFixed(1)} ms (<= 100 ms)`, maxStallMs <= 100],
  [
    `RSS with the pools closed ${mb(rssStart)} -> ${mb(rssEnd)}, ${(rssRatio * 100).toFixed(1)}% of start (<= 110%); ` +
      `with them running at the end ${mb(rssLive)}, peak ${mb(peak)}`,
    rssRatio <= 1.1,
  ],
];
for (const [line, ok] of verdicts) console.log(`${ok ? "PASS" : "MISS"} ${line}`);
for (const failure of failures) console.log(`  - ${failure}`);
process.exit(verdicts.every(([, ok]) => ok) ? 0 : 1);
