// The agent-pace bench runner (README.md, "Agent pace"): the way agents call a shell, one execute per model turn.
// Warm rows: one long-lived child per implementation, ONE sample at a time in rotation (A B C, B C A, ...), each
// after an idle gap (every row at each of GAPS_MS). Cold start, the first jq call and RSS: a fresh process per
// sample. The jq corpus: toolshell's warm per-invocation cost. Prints a table and writes agent-results.json.
//
// Environment: AGENT_ROWS (comma list of row ids of agent-rows.mjs plus cold, firstjq, rss, corpus),
// AGENT_IMPLS (comma list), AGENT_SAMPLES (samples per gap per implementation for every warm row),
// AGENT_GAPS (comma list of ms), AGENT_COLD_SAMPLES, AGENT_RSS_RUNS (chains of the RSS row, default 5000).

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { report } from "./agent-report.mjs";
import {
  AGENT_IMPLS,
  COLD_SAMPLES,
  CORPUS_SETTINGS,
  FIRST_JQ_SAMPLES,
  GAPS_MS,
  RSS_CHECKPOINTS,
  WARM_ROWS,
} from "./agent-rows.mjs";
import { Child } from "./ipc-child.mjs";
import { list, machine, summarize } from "./stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const onlyRows = list(process.env.AGENT_ROWS);
const selected = (id) => !onlyRows || onlyRows.includes(id);
const impls = AGENT_IMPLS.filter((impl) => list(process.env.AGENT_IMPLS)?.includes(impl.id) ?? true);
const gaps = list(process.env.AGENT_GAPS)?.map(Number) ?? GAPS_MS;
const samplesOverride = process.env.AGENT_SAMPLES ? Number(process.env.AGENT_SAMPLES) : undefined;
const coldSamples = Number(process.env.AGENT_COLD_SAMPLES ?? COLD_SAMPLES);
const rssRuns = Number(process.env.AGENT_RSS_RUNS ?? RSS_CHECKPOINTS.at(-1));
const rows = WARM_ROWS.filter((row) => selected(row.id));
const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The order of one rotation: the implementations shifted by `turn`. */
const rotation = (items, turn) => items.map((_, i) => items[(i + turn) % items.length]);

/**
 * The rows in the order they run, consecutive rows of one `together` key in one list: their samples are taken
 * in turns (conc8 and conc1, whose ratio is a target, so neither gets the other's warm-up).
 */
function sampledTogether(list) {
  const groups = [];
  for (const row of list) {
    const last = groups.at(-1);
    if (row.together && last?.[0].together === row.together) last.push(row);
    else groups.push([row]);
  }
  return groups;
}

/** Every warm row at every gap: `{ [rowId]: { [gap]: { [implId]: { samples, error, skipped } } } }`. */
async function warmRows() {
  const cells = {};
  if (rows.length === 0 && !selected("corpus")) return { cells };
  const children = new Map(
    impls.map((impl) => [impl.id, new Child(path.join(here, "agent-child.mjs"), [impl.id], { cwd: here })]),
  );
  for (const child of children.values()) await child.ready;
  for (const group of sampledTogether(rows)) {
    const errors = {};
    for (const row of group) {
      cells[row.id] = {};
      errors[row.id] = {};
      log(`${row.label}: warm-up`);
      for (const impl of impls) {
        if (row.skip?.[impl.id]) continue;
        const reply = await children
          .get(impl.id)
          .request({ type: "warmup", rowId: row.id, count: row.warmup });
        if (reply.error) errors[row.id][impl.id] = reply.error;
      }
      for (const gap of gaps)
        cells[row.id][gap] = Object.fromEntries(
          impls.map((impl) => [
            impl.id,
            { samples: [], error: errors[row.id][impl.id] ?? null, skipped: row.skip?.[impl.id] ?? null },
          ]),
        );
    }
    const samples = samplesOverride ?? group[0].samples;
    log(
      `${group.map((row) => row.label).join(" + ")}: ${samples} samples each at gaps ${gaps.join(", ")} ms`,
    );
    // One turn takes a sample of every row of the group at every gap from every implementation, each list
    // rotated by the turn: no gap or row gets the samples taken while the processes are still warming up.
    for (let turn = 0; turn < samples; turn++) {
      for (const gap of rotation(gaps, turn)) {
        for (const row of rotation(group, turn)) {
          for (const impl of rotation(impls, turn)) {
            const mine = cells[row.id][gap][impl.id];
            if (mine.error || mine.skipped) continue;
            await sleep(gap);
            const reply = await children.get(impl.id).request({ type: "sample", rowId: row.id });
            if (reply.error) mine.error = reply.error;
            else mine.samples.push(reply.ms / row.divisor);
          }
        }
      }
    }
  }
  let corpus = null;
  if (selected("corpus") && children.has("ts-worker")) {
    log(`jq corpus: ${CORPUS_SETTINGS.reps} loops of jq and of cat per invocation, toolshell worker`);
    corpus = (await children.get("ts-worker").request({ type: "corpus", settings: CORPUS_SETTINGS })).entries;
  }
  await Promise.all([...children.values()].map((child) => child.request({ type: "exit" }).catch(() => {})));
  return { cells, corpus };
}

/** Runs `node agent-fresh.mjs <mode> <impl> [...]`; resolves with its JSON line and the ms from spawn to it. */
function fresh(mode, implId, extra = []) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [path.join(here, "agent-fresh.mjs"), mode, implId, ...extra], {
      cwd: here,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let line = null;
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const end = out.indexOf("\n");
      if (line === null && end >= 0) line = { ms: performance.now() - t0, ...JSON.parse(out.slice(0, end)) };
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (line) resolve(line);
      else reject(new Error(`agent-fresh.mjs ${mode} ${implId} exited with ${code} and printed nothing`));
    });
  });
}

const USER_42 = '{"id":42,"name":"Jane Doe","email":"jane@example.com","tier":"gold"}\n';
/** Cold start and RSS compare toolshell's default (worker) with bashkit; inline is not run there. */
const freshImpls = impls.map((impl) => impl.id).filter((id) => id !== "ts-inline");

/** Cold start: a fresh process per sample, the implementations interleaved. */
async function cold() {
  const cells = Object.fromEntries(freshImpls.map((id) => [id, { samples: [], phases: [], error: null }]));
  log(`cold start: ${coldSamples} fresh processes each`);
  for (let turn = 0; turn < coldSamples; turn++) {
    for (const id of rotation(freshImpls, turn)) {
      const cell = cells[id];
      if (cell.error) continue;
      const line = await fresh("cold", id);
      if (line.error || line.exitCode !== 0 || line.stdout !== USER_42) cell.error = line.error ?? line;
      else {
        cell.samples.push(line.ms);
        cell.phases.push(line.phases);
      }
    }
  }
  return cells;
}

async function firstJq() {
  log(`first jq call: ${FIRST_JQ_SAMPLES} fresh processes`);
  const samples = [];
  for (let i = 0; i < FIRST_JQ_SAMPLES; i++) {
    const line = await fresh("firstjq", "ts-worker");
    if (line.error) return { error: line.error, samples };
    samples.push(line);
  }
  return { samples };
}

/** RSS after rssRuns chains: one fresh process per implementation, both at once (time is not measured). */
async function rss() {
  log(`rss: ${rssRuns} chains in a fresh process each (${freshImpls.join(", ")})`);
  const lines = await Promise.all(freshImpls.map((id) => fresh("rss", id, [String(rssRuns)])));
  return Object.fromEntries(freshImpls.map((id, i) => [id, lines[i]]));
}

async function main() {
  const began = performance.now();
  log(`agent-pace bench: ${impls.map((impl) => impl.id).join(", ")}; gaps ${gaps.join(", ")} ms`);
  const { cells, corpus } = await warmRows();
  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    gapsMs: gaps,
    unitsNote: "times in ms, already divided by the row's divisor (per call, per page)",
    rows: rows.map((row) => ({
      id: row.id,
      label: row.label,
      unit: row.unit,
      divisor: row.divisor,
      script: row.script,
      gaps: Object.fromEntries(
        gaps.map((gap) => [
          gap,
          Object.fromEntries(
            Object.entries(cells[row.id][gap]).map(([id, cell]) => [
              id,
              { ...summarize(cell.samples), samples: cell.samples, error: cell.error, skipped: cell.skipped },
            ]),
          ),
        ]),
      ),
    })),
    corpus,
    cold: selected("cold") ? await cold() : null,
    firstJq: selected("firstjq") && freshImpls.includes("ts-worker") ? await firstJq() : null,
    rss: selected("rss") ? await rss() : null,
  };
  results.elapsedSeconds = (performance.now() - began) / 1000;
  const { text, targets } = report(results, impls);
  results.targets = targets;
  console.log(text);
  writeFileSync(path.join(here, "agent-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  log("wrote bench/agent-results.json");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
