// One implementation in its own process: `node child.mjs <impl>`. It loads only what its implementation needs,
// then runs the batches the parent asks for over IPC and sends back the time of each iteration.
//   impl: direct | ts-worker | ts-inline | bashkit

import { CASES, PROBES } from "./cases.mjs";
import { loadShell } from "./shells.mjs";
import { bigTools, fanoutTools, manyTools, render, shopTools } from "./tools.mjs";

const impl = process.argv[2];
const BIG_TIMEOUT_MS = 120_000;
/** The worker heap the measured jq cases run with: the default (256 MiB) cannot take the 8 MB case (see PROBES). */
const BIG_WORKER_MEMORY_MB = 1024;

const toolSets = {
  shop: () => shopTools,
  many: () => manyTools,
  big: () => bigTools(),
  big_default_heap: () => bigTools(),
  fanout: () => fanoutTools,
};

/** An implementation: `run(set, script)` resolves with `{ stdout, stderr, exitCode }`. */
async function shell(implId) {
  const shells = await loadShell(implId);
  const options = {
    big: { timeoutMs: BIG_TIMEOUT_MS, workerMemoryMb: BIG_WORKER_MEMORY_MB },
    big_default_heap: { timeoutMs: BIG_TIMEOUT_MS },
  };
  const apis = new Map(
    Object.entries(toolSets).map(([set, tools]) => [
      set,
      shells.create({ name: `bench_${set}`, tools: tools(), options: options[set] }),
    ]),
  );
  return { run: (set, script) => apis.get(set).run(script), close: () => shells.close() };
}

/** The floor: the same callbacks called from JS, with JSON.parse/stringify standing in for jq. */
function direct() {
  const byName = new Map();
  for (const set of ["shop", "many", "big", "fanout"]) {
    for (const tool of toolSets[set]()) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  }
  const call = (name, params) => render(byName.get(name).run(params));
  const ok = (stdout) => ({ stdout, stderr: "", exitCode: 0 });
  const selectLines = (key) => {
    const lines = JSON.parse(call(`big_${key}`, {}))
      .filter((item) => item.v > 10)
      .map((item) => JSON.stringify(item));
    return `${`${lines.join("\n")}\n`.split("\n").length - 1}\n`;
  };
  const work = {
    one_call: () => call("get_user", { id: 42 }),
    tools_200: () => call("get_user", { id: 42 }),
    chain: () => {
      const name = JSON.parse(call("get_user", { id: 42 })).name;
      const order = JSON.stringify(JSON.parse(call("list_orders", { user_id: 42, limit: 1 }))[0]);
      const product = JSON.parse(call("get_product", { product_id: JSON.parse(order).product_id })).name;
      const eta = JSON.parse(call("get_shipping", { order_id: JSON.parse(order).order_id })).eta;
      return `${name} ordered ${product}, arriving ${eta}\n`;
    },
    loop_1000: () => {
      for (let i = 1; i <= 1000; i++) call("get_user", { id: 42 });
      return "done\n";
    },
    jq_1k: () => selectLines("1k"),
    jq_1m: () => selectLines("1m"),
    jq_8m: () => selectLines("8m"),
    jq_tiny: () => {
      let out = "";
      for (let i = 1; i <= 200; i++) out += `${JSON.parse('{"name":"x"}').name}\n`;
      return out;
    },
    jq_tiny_full: () => {
      let out = "";
      for (let i = 1; i <= 200; i++) out += `${JSON.stringify({ n: JSON.parse('{"name":"x"}').name })}\n`;
      return out;
    },
    fanout: async () => {
      const outs = await Promise.all(["slow_a", "slow_b", "slow_c"].map((name) => byName.get(name).run({})));
      return outs.join("");
    },
    fanout_parallel: async () => await work.fanout(),
    fanout_xargs: async () => await work.fanout(),
    fan100_serial: async () => {
      let out = "";
      for (let id = 1; id <= 100; id++) out += await byName.get("slow_item").run({ id });
      return out;
    },
    fan100_j8: async () => {
      const outs = new Array(100);
      let next = 0;
      const lane = async () => {
        while (next < 100) {
          const index = next++;
          outs[index] = await byName.get("slow_item").run({ id: index + 1 });
        }
      };
      await Promise.all(Array.from({ length: 8 }, lane));
      return outs.join("");
    },
  };
  return {
    run: async (_set, _script, caseId) => ok(await work[caseId]()),
    close: async () => {},
  };
}

const factories = {
  direct,
  "ts-worker": () => shell("ts-worker"),
  "ts-inline": () => shell("ts-inline"),
  bashkit: () => shell("bashkit"),
};

function describeFailure(result) {
  return {
    exitCode: result.exitCode,
    stdout: String(result.stdout).slice(0, 300),
    stderr: String(result.stderr).slice(0, 500),
  };
}

async function main() {
  if (!factories[impl]) throw new Error(`unknown implementation ${impl}`);
  const started = performance.now();
  const implementation = await factories[impl]();
  const send = (message) => new Promise((resolve) => process.send(message, resolve));

  /** Runs one iteration; returns its time in ms, or a failure. */
  const once = async (item) => {
    const t0 = performance.now();
    let result;
    try {
      result = await implementation.run(item.set, item.script, item.id);
    } catch (error) {
      return { error: { exitCode: null, stdout: "", stderr: `threw: ${error?.message ?? error}` } };
    }
    const ms = performance.now() - t0;
    if (result.exitCode !== 0 || !item.check(result.stdout)) return { ms, error: describeFailure(result) };
    return { ms };
  };

  process.on("message", async (message) => {
    if (message.type === "batch") {
      const item = CASES.find((entry) => entry.id === message.caseId);
      if (item.skip?.[impl]) {
        await send({ type: "batch", seq: message.seq, skipped: item.skip[impl], times: [] });
        return;
      }
      const times = [];
      let error;
      // No forced GC here: gc() (--expose-gc) is a testing collection that deoptimizes JIT code holding objects it
      // frees (V8 "weak objects" deopts in just-bash's parser and dispatch) and leaves the heap cold; measured on
      // the inline chain, ~100 runs were needed after it to get back to the steady state (6.4 ms one run after,
      // 3.9 ms with no forced GC). Natural collections do not do this (3,000 chain runs under allocation pressure,
      // 5 mark-compacts: no such deopt), and the garbage each run makes is still collected, and paid for, inside
      // the timed runs. The untimed runs re-warm caches after the child sat idle while the others ran.
      const rewarm = Math.max(message.warmup, message.iterations > 0 ? 1 : 0);
      for (let i = 0; i < rewarm && !error; i++) error = (await once(item)).error;
      for (let i = 0; i < message.iterations && !error; i++) {
        const outcome = await once(item);
        if (outcome.error) error = outcome.error;
        else times.push(outcome.ms);
      }
      await send({ type: "batch", seq: message.seq, times, error });
    } else if (message.type === "probe") {
      const probe = PROBES.find((entry) => entry.id === message.probeId);
      globalThis.gc?.();
      const outcome = await once(probe);
      await send({ type: "probe", seq: message.seq, ...outcome });
    } else if (message.type === "exit") {
      await implementation.close();
      await send({ type: "exit", seq: message.seq });
      process.disconnect();
      // Lets --cpu-prof write its profiles; nothing else is left to keep the process alive.
      setTimeout(() => process.exit(0), 100).unref();
    }
  });
  await send({ type: "ready", loadMs: performance.now() - started });
}

main().catch((error) => {
  console.error(`[${impl}]`, error);
  process.exit(1);
});
