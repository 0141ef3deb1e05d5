// The back-to-back bench runner: one child process per implementation, rounds interleaved (A B C D, then B C D A, ...), each
// child doing a batch of iterations per case per round; medians and p90 over every sample of every round.
// Prints a table to stdout and writes results.json. See README.md.
//
// Environment: BENCH_ROUNDS (default 5), BENCH_CASES / BENCH_IMPLS (comma lists to run a subset),
// BENCH_PROFILE (comma list of implementations to run under `node --cpu-prof`), BENCH_PROFILE_DIR.

import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CASES, IMPLS, PROBES, TARGETS } from "./cases.mjs";
import { Child } from "./ipc-child.mjs";
import { formatMs, formatRatio, list, machine, summarize, table } from "./stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const onlyCases = list(process.env.BENCH_CASES);
const onlyImpls = list(process.env.BENCH_IMPLS);
const profiled = new Set(list(process.env.BENCH_PROFILE) ?? []);
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(os.tmpdir(), "toolshell-bench-profiles");

const cases = CASES.filter((item) => !onlyCases || onlyCases.includes(item.id));
const impls = IMPLS.filter((item) => !onlyImpls || onlyImpls.includes(item.id));
const log = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------- run

async function main() {
  const began = performance.now();
  log(`bench: ${impls.map((item) => item.id).join(", ")}; ${cases.length} cases; ${ROUNDS} rounds`);
  const children = new Map(
    impls.map((item) => {
      const execArgv = ["--expose-gc"];
      if (profiled.has(item.id)) execArgv.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
      return [item.id, new Child(path.join(here, "child.mjs"), [item.id], { cwd: here, execArgv })];
    }),
  );
  const loads = {};
  for (const [id, child] of children) loads[id] = (await child.ready).loadMs;

  // cell[caseId][implId] = { samples (already divided), perRound medians, error, skipped }
  const cells = Object.fromEntries(
    cases.map((item) => [
      item.id,
      Object.fromEntries(
        impls.map((impl) => [impl.id, { samples: [], rounds: [], error: null, skipped: null }]),
      ),
    ]),
  );

  const batch = async (item, implId, iterations, warmup) => {
    const cell = cells[item.id][implId];
    if (cell.error || cell.skipped) return;
    const reply = await children.get(implId).request({ type: "batch", caseId: item.id, iterations, warmup });
    if (reply.skipped) cell.skipped = reply.skipped;
    if (reply.error) cell.error = reply.error;
    if (iterations > 0 && reply.times.length > 0) {
      const samples = reply.times.map((ms) => ms / item.divisor);
      cell.samples.push(...samples);
      cell.rounds.push(summarize(samples).median);
    }
  };

  // Round 0: warm-up only (worker start, jq's wasm, JIT, catalogs), nothing kept.
  log("warm-up round");
  for (const item of cases) for (const impl of impls) await batch(item, impl.id, 0, item.warmup);

  const probes = [];
  for (const probe of PROBES) {
    for (const implId of probe.impls) {
      if (!children.has(implId) || (onlyCases && !onlyCases.includes(probe.id))) continue;
      log(`probe ${probe.id} (${implId})`);
      const reply = await children.get(implId).request({ type: "probe", probeId: probe.id });
      probes.push({
        id: probe.id,
        label: probe.label,
        impl: implId,
        ms: reply.ms ?? null,
        error: reply.error ?? null,
      });
    }
  }

  for (let round = 1; round <= ROUNDS; round++) {
    log(`round ${round}/${ROUNDS} (${((performance.now() - began) / 1000).toFixed(0)} s)`);
    for (const item of cases) {
      // Rotate the order each round so that no implementation always runs right after the same one.
      const shift = (round - 1) % impls.length;
      const order = [...impls.slice(shift), ...impls.slice(0, shift)];
      for (const impl of order) await batch(item, impl.id, item.iterations, item.warmup);
    }
  }

  await Promise.all([...children.values()].map((child) => child.request({ type: "exit" }).catch(() => {})));

  // ------------------------------------------------------------------------------------------------ report
  const stats = {};
  for (const item of cases) {
    stats[item.id] = {};
    for (const impl of impls) {
      const cell = cells[item.id][impl.id];
      stats[item.id][impl.id] = {
        ...summarize(cell.samples),
        perRoundMedians: cell.rounds,
        samples: cell.samples.map((ms) => Number(ms.toPrecision(5))),
        error: cell.error,
        skipped: cell.skipped,
      };
    }
  }
  const median = (caseId, implId) => {
    const stat = stats[caseId]?.[implId];
    return stat && !stat.error && !stat.skipped ? stat.median : null;
  };
  const ratio = (caseId, implId) => {
    const mine = median(caseId, implId);
    const theirs = median(caseId, "bashkit");
    return mine !== null && theirs ? mine / theirs : null;
  };

  const headers = ["case", "unit", ...impls.map((impl) => impl.label)];
  const hasRatios = impls.some((impl) => impl.id === "bashkit");
  if (hasRatios) headers.push("worker/bashkit", "inline/bashkit");
  const rows = cases.map((item) => {
    const row = [item.label, item.unit];
    for (const impl of impls) {
      const stat = stats[item.id][impl.id];
      row.push(
        stat.skipped
          ? "n/a"
          : stat.error
            ? `FAILED (${stat.error.exitCode === 0 ? "wrong output" : `exit ${stat.error.exitCode}`})`
            : `${formatMs(stat.median)} (p90 ${formatMs(stat.p90)})`,
      );
    }
    if (hasRatios)
      row.push(formatRatio(ratio(item.id, "ts-worker")), formatRatio(ratio(item.id, "ts-inline")));
    return row;
  });

  const out = [];
  out.push("");
  out.push(
    `toolshell bench, back to back: medians (p90) over ${ROUNDS} interleaved rounds, one child process per implementation`,
  );
  out.push(
    `node ${process.version}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  out.push("");
  out.push(table(headers, rows));

  const failures = [];
  for (const item of cases) {
    for (const impl of impls) {
      const stat = stats[item.id][impl.id];
      if (stat.skipped) failures.push(`  ${impl.label} / ${item.label}: n/a: ${stat.skipped}`);
      else if (stat.error) {
        const why = (stat.error.stderr || `stdout ${JSON.stringify(stat.error.stdout.slice(0, 80))}`).trim();
        failures.push(
          `  ${impl.label} / ${item.label}: FAILED, exit ${stat.error.exitCode}: ${why.split("\n")[0]}`,
        );
      }
    }
  }
  if (failures.length > 0) out.push("", "Not measured:", ...failures);

  // jq growth per MB: the slope between the 1 MB and 8 MB cases.
  const growth = {};
  if (cases.some((item) => item.id === "jq_1m") && cases.some((item) => item.id === "jq_8m")) {
    out.push("", "jq over large arrays, growth per MB (median 8MB - median 1MB) / 7:");
    const growthRows = [];
    for (const impl of impls) {
      const one = median("jq_1m", impl.id);
      const eight = median("jq_8m", impl.id);
      const perMb = one !== null && eight !== null ? (eight - one) / 7 : null;
      growth[impl.id] = perMb;
      growthRows.push([
        impl.label,
        formatMs(median("jq_1k", impl.id)),
        formatMs(one),
        formatMs(eight),
        perMb === null ? "-" : `${formatMs(perMb)}/MB`,
      ]);
    }
    out.push(table(["implementation", "1KB", "1MB", "8MB", "growth"], growthRows));
  }

  if (probes.length > 0) {
    out.push("", "Probes (run once, outside the rounds):");
    for (const probe of probes) {
      const what = probe.error
        ? `FAILED, exit ${probe.error.exitCode}: ${probe.error.stderr.trim().split("\n")[0]}${probe.ms ? ` (after ${formatMs(probe.ms)})` : ""}`
        : `ok, ${formatMs(probe.ms)}`;
      out.push(`  ${probe.label}: ${what}`);
    }
  }

  const targets = [];
  if (hasRatios) {
    out.push("", "Targets (median toolshell / median bashkit):");
    for (const target of TARGETS) {
      if (!stats[target.caseId] || !stats[target.caseId][target.impl]) continue;
      const value = ratio(target.caseId, target.impl);
      const item = cases.find((entry) => entry.id === target.caseId);
      const mode = target.impl === "ts-worker" ? "worker" : "inline";
      const status =
        value === null ? "N/A" : target.max === null ? "INFO" : value <= target.max ? "PASS" : "MISS";
      const bar = target.max === null ? "as close to 1 as possible" : `<= ${target.max.toFixed(1)}`;
      targets.push({ ...target, ratio: value, status });
      out.push(`  ${status.padEnd(4)} ${mode} ${item.label}: ${formatRatio(value)} (target ${bar})`);
    }
  }
  const elapsed = (performance.now() - began) / 1000;
  out.push(
    "",
    `(${elapsed.toFixed(0)} s; child load times ${Object.entries(loads)
      .map(([id, ms]) => `${id} ${formatMs(ms)}`)
      .join(", ")})`,
  );
  console.log(out.join("\n"));

  let git = null;
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: here, encoding: "utf8" }).trim();
    const dirty =
      execFileSync("git", ["status", "--porcelain", "--", "../src", "../builtins"], {
        cwd: here,
        encoding: "utf8",
      }).trim() !== "";
    git = { head, dirtyLibrarySources: dirty };
  } catch {}

  const results = {
    date: new Date().toISOString(),
    machine: machine(),
    git,
    rounds: ROUNDS,
    elapsedSeconds: elapsed,
    childLoadMs: loads,
    unitsNote: "times in ms; per-call cases are already divided by their divisor",
    cases: cases.map((item) => ({
      id: item.id,
      label: item.label,
      script: item.script,
      unit: item.unit,
      divisor: item.divisor,
      iterationsPerRound: item.iterations,
      results: stats[item.id],
      ratioToBashkit: { "ts-worker": ratio(item.id, "ts-worker"), "ts-inline": ratio(item.id, "ts-inline") },
    })),
    jqGrowthMsPerMb: growth,
    probes,
    targets,
  };
  writeFileSync(path.join(here, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  log("wrote bench/results.json");
  if (profiled.size > 0) log(`cpu profiles in ${profileDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
