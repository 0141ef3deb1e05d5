// One implementation in its own long-lived process for the agent-pace bench: `node agent-child.mjs <impl>`. The
// parent asks for one sample at a time (after an idle gap it keeps itself) and gets back its time in ms; the
// jq corpus (toolshell only) is measured here too, in the same warm process.
//   impl: ts-worker | ts-inline | bashkit

import { WARM_ROWS } from "./agent-rows.mjs";
import { DOCS, JQ_CORPUS } from "./jq-corpus.mjs";
import { loadShell } from "./shells.mjs";
import { agentTools, bigTools, manyTools } from "./tools.mjs";

const impl = process.argv[2];
/** bashkit refuses a 9th pending execute() on one instance (its wrapper's MAX_PENDING_ASYNC_EXECUTIONS). */
const BASHKIT_PENDING_PER_INSTANCE = 8;
const BIG_OPTIONS = { timeoutMs: 120_000, workerMemoryMb: 1024 };
const FLEET = 8;

const shells = await loadShell(impl);
const agent = shells.create({ name: "agent_shop", tools: agentTools });
// Eight ScriptedTools with identical options (so toolshell's share one worker pool), as a server holds them.
const fleet = Array.from({ length: FLEET }, (_, i) =>
  shells.create({ name: `agent_shop_${i}`, tools: agentTools }),
);
let big;
let constructed = 0;

const failure = (result) => ({
  exitCode: result.exitCode,
  stdout: String(result.stdout).slice(0, 300),
  stderr: String(result.stderr).slice(0, 500),
});

/** Runs one execute and checks it; returns a failure or undefined. */
async function checked(shell, script, check) {
  let result;
  try {
    result = await shell.run(script);
  } catch (error) {
    return { exitCode: null, stdout: "", stderr: `threw: ${error?.message ?? error}` };
  }
  return result.exitCode === 0 && check(result.stdout) ? undefined : failure(result);
}

/**
 * `runs` executes over `instances`, round robin, all started at once; bashkit's per instance at most 8 at a
 * time (each next one as one ends), since it refuses more and runs one instance's executes one after another.
 */
async function concurrent(row) {
  const instances = row.instances === 1 ? [agent] : fleet;
  const cap = impl === "bashkit" ? BASHKIT_PENDING_PER_INSTANCE : Number.POSITIVE_INFINITY;
  const lanes = instances.map((shell, index) => ({
    shell,
    left: Math.floor(row.runs / instances.length) + (index < row.runs % instances.length ? 1 : 0),
  }));
  const errors = [];
  const drain = async (lane) => {
    while (lane.left > 0) {
      lane.left--;
      const error = await checked(lane.shell, row.script, row.check);
      if (error) errors.push(error);
    }
  };
  const started = [];
  for (const lane of lanes) {
    const width = Math.min(cap, lane.left);
    for (let i = 0; i < width; i++) started.push(drain(lane));
  }
  await Promise.all(started);
  return errors[0];
}

/** One sample of a warm row: its time in ms, or a failure. */
async function sample(row) {
  const t0 = performance.now();
  let error;
  if (row.kind === "concurrent") error = await concurrent(row);
  else if (row.kind === "construct") {
    const shell = shells.create({ name: `agent_many_${constructed++}`, tools: manyTools });
    error = await checked(shell, row.script, row.check);
  } else {
    if (row.set === "big")
      big ??= shells.create({ name: "agent_big", tools: bigTools(), options: BIG_OPTIONS });
    error = await checked(row.set === "big" ? big : agent, row.script, row.check);
  }
  const ms = performance.now() - t0;
  return error ? { ms, error } : { ms };
}

const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The warm cost of each corpus invocation: the loop `jq <args> <<<"$doc" >/dev/null` N times, minus the same loop
 * with `cat >/dev/null` for jq, over N; medians of `reps` loops of each, taken in turn. Its stdout is checked
 * first; then a loop of CALIBRATION iterations picks N so that one jq loop takes about `loopMs` (within
 * `minIterations` and `maxIterations`), and one untimed loop of each at N warms them: each invocation runs code
 * of its own (its filter's evaluation), which the CALIBRATION loop alone left cold.
 */
async function corpus({ loopMs, minIterations, maxIterations, reps }) {
  const CALIBRATION = 10;
  const results = [];
  for (const entry of JQ_CORPUS) {
    const doc = `doc=${quote(DOCS[entry.doc])}\n`;
    const command = `jq ${entry.args.map(quote).join(" ")}`;
    const loop = (body, iterations) =>
      `${doc}for i in $(seq 1 ${iterations}); do ${body} <<<"$doc" >/dev/null; done; echo ok`;
    const outcome = { kind: entry.kind, command };
    const time = async (script) => {
      const t0 = performance.now();
      outcome.error ??= await checked(agent, script, (stdout) => stdout === "ok\n");
      return performance.now() - t0;
    };
    outcome.error = await checked(agent, `${doc}${command} <<<"$doc"`, (stdout) => stdout === entry.out);
    const estimate = (await time(loop(command, CALIBRATION))) / CALIBRATION;
    const iterations = Math.min(maxIterations, Math.max(minIterations, Math.ceil(loopMs / estimate)));
    await time(loop(command, iterations));
    await time(loop("cat", iterations));
    const times = { jq: [], cat: [] };
    for (let rep = 0; rep < reps && !outcome.error; rep++) {
      times.jq.push(await time(loop(command, iterations)));
      times.cat.push(await time(loop("cat", iterations)));
    }
    if (!outcome.error) {
      outcome.iterations = iterations;
      outcome.ms = (median(times.jq) - median(times.cat)) / iterations;
    }
    results.push(outcome);
  }
  return results;
}

const send = (message) => new Promise((resolve) => process.send(message, resolve));

process.on("message", async (message) => {
  const row = WARM_ROWS.find((entry) => entry.id === message.rowId);
  if (message.type === "sample") {
    await send({ type: "sample", seq: message.seq, ...(await sample(row)) });
  } else if (message.type === "warmup") {
    let error;
    for (let i = 0; i < message.count && !error; i++) error = (await sample(row)).error;
    await send({ type: "warmup", seq: message.seq, error });
  } else if (message.type === "corpus") {
    await send({ type: "corpus", seq: message.seq, entries: await corpus(message.settings) });
  } else if (message.type === "exit") {
    await shells.close();
    await send({ type: "exit", seq: message.seq });
    process.disconnect();
  }
});
await send({ type: "ready" });
