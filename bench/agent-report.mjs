// The agent-pace bench's printed report: the warm rows' table (median and p90 per cell, ratio toolshell worker /
// bashkit of medians within the same run), cold start, RSS, the jq corpus and the first jq call, then every
// target as PASS/MISS (INFO when it has no bar).

import {
  COLD_MAX,
  CORPUS_FAST_SHARE,
  CORPUS_FAST_US,
  CORPUS_SLOWEST_MAX_MS,
  FIRST_JQ_MAX_MS,
  RSS_MAX,
  WARM_ROWS,
  WARM_TARGETS,
} from "./agent-rows.mjs";
import { formatMs, formatRatio, summarize, table } from "./stats.mjs";

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const firstLine = (error) =>
  (
    error.stderr ||
    `exit ${error.exitCode}, stdout ${JSON.stringify(String(error.stdout ?? "").slice(0, 80))}`
  )
    .trim()
    .split("\n")[0];

/** `{ text, targets }`: the report of agent.mjs's results. */
export function report(results, impls) {
  const out = [];
  const targets = [];
  const failures = [];
  const target = (status, label, value, bar) => {
    targets.push({ status, label, value, bar });
    out.push(`  ${status.padEnd(4)} ${label}: ${value} (target ${bar})`);
  };
  const { loadavg, node, cpus, cpuModel } = results.machine;
  out.push(
    "",
    "toolshell bench, agent pace: one sample at a time per implementation, in rotation, after an idle gap",
  );
  out.push(
    `node ${node}, ${cpus} x ${cpuModel ?? "cpu"}, load ${loadavg.map((x) => x.toFixed(2)).join(" ")}`,
  );

  // ---------------------------------------------------------------------------------------------- warm rows
  const stat = (rowId, gap, implId) => {
    const cell = results.rows.find((row) => row.id === rowId)?.gaps[gap]?.[implId];
    return cell && !cell.error && !cell.skipped && cell.n > 0 ? cell : null;
  };
  const ratio = (rowId, gap, implId = "ts-worker") => {
    const mine = stat(rowId, gap, implId);
    const theirs = stat(rowId, gap, "bashkit");
    return mine && theirs ? mine.median / theirs.median : null;
  };
  if (results.rows.length > 0) {
    const headers = ["row", "unit", "gap", ...impls.map((impl) => impl.label), "worker/bashkit"];
    const lines = [];
    for (const row of results.rows) {
      const spec = WARM_ROWS.find((entry) => entry.id === row.id);
      for (const gap of results.gapsMs) {
        const cells = impls.map((impl) => {
          const cell = row.gaps[gap][impl.id];
          if (cell.skipped) return "n/a";
          if (cell.error) {
            failures.push(`  ${impl.label} / ${row.label}: FAILED: ${firstLine(cell.error)}`);
            return `FAILED (${cell.error.exitCode === 0 ? "wrong output" : `exit ${cell.error.exitCode}`})`;
          }
          const figure = `${formatMs(cell.median)} (p90 ${formatMs(cell.p90)})`;
          return spec.kind === "concurrent"
            ? `${figure} ${(spec.runs / (cell.median / 1000)).toFixed(0)}/s`
            : figure;
        });
        lines.push([row.label, row.unit, `${gap} ms`, ...cells, formatRatio(ratio(row.id, gap))]);
      }
      for (const impl of impls) {
        const skipped = row.gaps[results.gapsMs[0]]?.[impl.id]?.skipped;
        if (skipped) failures.push(`  ${impl.label} / ${row.label}: n/a: ${skipped}`);
      }
    }
    out.push("", table(headers, lines));
    out.push("(5. rows: the time of all 64 runs, and runs/s at the median)");
  }

  // ---------------------------------------------------------------------------------------------- cold
  if (results.cold) {
    out.push("", "7. cold: spawn -> import -> construct (shop tools) -> first `get_user --id 42` -> printed");
    const lines = Object.entries(results.cold).map(([id, cell]) => {
      const label = impls.find((impl) => impl.id === id).label;
      if (cell.error) {
        failures.push(`  ${label} / cold: FAILED: ${firstLine(cell.error)}`);
        return [label, "FAILED", "", "", "", ""];
      }
      const phase = (name) => formatMs(summarize(cell.phases.map((entry) => entry[name])).median);
      const whole = summarize(cell.samples);
      const figures = [
        `${formatMs(whole.median)} (p90 ${formatMs(whole.p90)})`,
        phase("start"),
        phase("import"),
      ];
      return [label, ...figures, phase("construct"), phase("first")];
    });
    out.push(
      table(
        ["implementation", "spawn to result", "node start", "import", "construct", "first result"],
        lines,
      ),
    );
  }

  // ---------------------------------------------------------------------------------------------- rss
  if (results.rss) {
    out.push("", "8. RSS of a fresh process running chains one after another (worker threads included)");
    const lines = Object.entries(results.rss).map(([id, line]) => {
      const label = impls.find((impl) => impl.id === id).label;
      if (line.error) {
        failures.push(`  ${label} / rss: FAILED: ${firstLine(line.error)}`);
        return [label, "FAILED"];
      }
      return [label, ...Object.entries(line.rss).map(([runs, bytes]) => `${mib(bytes)} after ${runs}`)];
    });
    out.push(...lines.map((line) => `  ${line.join(", ")}`));
  }

  // ---------------------------------------------------------------------------------------------- corpus
  let corpusFigures = null;
  if (results.corpus) {
    const measured = results.corpus.filter((entry) => !entry.error);
    for (const entry of results.corpus.filter((item) => item.error)) {
      failures.push(`  toolshell worker / corpus ${entry.command}: FAILED: ${firstLine(entry.error)}`);
    }
    const sorted = [...measured].sort((a, b) => b.ms - a.ms);
    const fast = measured.filter((entry) => entry.ms * 1000 < CORPUS_FAST_US).length;
    corpusFigures = { fast, total: results.corpus.length, slowest: sorted[0] ?? null };
    const all = summarize(measured.map((entry) => entry.ms));
    out.push(
      "",
      `10. jq corpus, toolshell worker, warm cost per invocation (jq loop - cat loop) / N: ${measured.length} of ${results.corpus.length} measured, N ${Math.min(...measured.map((e) => e.iterations))}-${Math.max(...measured.map((e) => e.iterations))}`,
      `  median ${formatMs(all.median)}, p90 ${formatMs(all.p90)}; under ${CORPUS_FAST_US} µs: ${fast}`,
    );
    const kinds = [...new Set(measured.map((entry) => entry.kind))];
    const byKind = kinds.map((kind) => {
      const own = measured.filter((entry) => entry.kind === kind);
      const figures = summarize(own.map((entry) => entry.ms));
      const under = own.filter((entry) => entry.ms * 1000 < CORPUS_FAST_US).length;
      return [
        kind,
        own.length,
        formatMs(figures.median),
        formatMs(own.length ? Math.max(...own.map((e) => e.ms)) : null),
        under,
      ];
    });
    out.push(table(["kind", "n", "median", "slowest", `< ${CORPUS_FAST_US} µs`], byKind));
    out.push(
      "  slowest five:",
      ...sorted.slice(0, 5).map((entry) => `    ${formatMs(entry.ms)}  ${entry.command}`),
    );
  }

  // ---------------------------------------------------------------------------------------------- first jq
  let firstJqMs = null;
  if (results.firstJq) {
    if (results.firstJq.error)
      failures.push(`  toolshell worker / first jq: FAILED: ${firstLine(results.firstJq.error)}`);
    else {
      const samples = results.firstJq.samples;
      const extra = summarize(samples.map((sample) => sample.jq - sample.echo));
      firstJqMs = extra.median;
      const median = (name) => formatMs(summarize(samples.map((sample) => sample[name])).median);
      out.push(
        "",
        `first jq call of a fresh process (toolshell worker, ${samples.length} processes; medians): first execute (echo) ${median("firstEcho")},`,
        `  then echo ${median("echo")}, then jq -c '{n:.name}' ${median("jq")}: jq's first call costs ${formatMs(extra.median)} (p90 ${formatMs(extra.p90)})`,
      );
    }
  }

  if (failures.length > 0) out.push("", "Not measured:", ...new Set(failures));

  // ---------------------------------------------------------------------------------------------- targets
  out.push(
    "",
    "Targets (ratios of medians toolshell worker / bashkit within this run; a bar must hold at every gap):",
  );
  for (const bar of WARM_TARGETS) {
    const row = results.rows.find((entry) => entry.id === bar.rowId);
    if (!row) continue;
    if (bar.throughputMin !== undefined) {
      const values = results.gapsMs.map((gap) => {
        const time = ratio(row.id, gap);
        return { gap, value: time === null ? null : 1 / time };
      });
      const status = statusOf(values, (value) => value >= bar.throughputMin);
      const shown = values.map(({ gap, value }) => `gap ${gap} ms ${formatRatio(value)}`).join(", ");
      target(status, `${row.label}, throughput toolshell / bashkit`, shown, `>= ${bar.throughputMin}`);
      if (results.rows.some((entry) => entry.id === "conc1")) {
        const self = results.gapsMs.map((gap) => {
          const eight = stat("conc8", gap, "ts-worker");
          const one = stat("conc1", gap, "ts-worker");
          return { gap, value: eight && one ? one.median / eight.median : null };
        });
        const selfShown = self.map(({ gap, value }) => `gap ${gap} ms ${formatRatio(value)}`).join(", ");
        target(
          statusOf(self, (value) => value >= 1),
          "5. toolshell 8 instances / 1 instance, throughput",
          selfShown,
          ">= 1.0",
        );
      }
      continue;
    }
    const values = results.gapsMs.map((gap) => ({ gap, value: ratio(row.id, gap) }));
    const shown = values.map(({ gap, value }) => `gap ${gap} ms ${formatRatio(value)}`).join(", ");
    target(
      statusOf(values, (value) => value <= bar.max),
      row.label,
      shown,
      `<= ${bar.max}`,
    );
  }
  if (results.rows.some((row) => row.id === "jq_8m")) {
    const shown = results.gapsMs
      .map((gap) => {
        const eight = stat("jq_8m", gap, "ts-worker");
        const one = stat("jq_1m", gap, "ts-worker");
        const growth = eight && one ? `, ${formatMs((eight.median - one.median) / 7)}/MB over 1MB` : "";
        const theirs = stat("jq_8m", gap, "bashkit") ? formatRatio(ratio("jq_8m", gap)) : "bashkit failed";
        return `gap ${gap} ms ${formatMs(eight?.median)}${growth} (${theirs})`;
      })
      .join("; ");
    target("INFO", "9. jq select over 8MB, toolshell worker", shown, "the 1MB ratio's bar stands for it");
  }
  if (results.cold?.["ts-worker"] && results.cold.bashkit) {
    const mine = summarize(results.cold["ts-worker"].samples).median;
    const theirs = summarize(results.cold.bashkit.samples).median;
    const value = mine !== null && theirs ? mine / theirs : null;
    target(
      statusOf([{ value }], (v) => v <= COLD_MAX),
      "7. cold start",
      formatRatio(value),
      `<= ${COLD_MAX}`,
    );
  }
  if (results.rss?.["ts-worker"]?.rss && results.rss.bashkit?.rss) {
    const last = (line) => Object.values(line.rss).at(-1);
    const value = last(results.rss["ts-worker"]) / last(results.rss.bashkit);
    target(
      statusOf([{ value }], (v) => v <= RSS_MAX),
      "8. RSS after the last chain",
      formatRatio(value),
      `<= ${RSS_MAX}`,
    );
  }
  if (corpusFigures) {
    const share = corpusFigures.fast / corpusFigures.total;
    const shareStatus = share >= CORPUS_FAST_SHARE ? "PASS" : "MISS";
    target(
      shareStatus,
      `10. jq corpus invocations under ${CORPUS_FAST_US} µs`,
      `${(share * 100).toFixed(0)}%`,
      `>= ${CORPUS_FAST_SHARE * 100}%`,
    );
    const slowest = corpusFigures.slowest;
    const slowStatus = !slowest ? "N/A" : slowest.ms < CORPUS_SLOWEST_MAX_MS ? "PASS" : "MISS";
    target(
      slowStatus,
      "10. slowest warm jq invocation",
      slowest ? `${formatMs(slowest.ms)} (${slowest.command})` : "-",
      `< ${CORPUS_SLOWEST_MAX_MS} ms`,
    );
  }
  if (firstJqMs !== null) {
    target(
      firstJqMs < FIRST_JQ_MAX_MS ? "PASS" : "MISS",
      "10. first jq call of a fresh process",
      formatMs(firstJqMs),
      `< ${FIRST_JQ_MAX_MS} ms`,
    );
  }
  out.push("", `(${results.elapsedSeconds.toFixed(0)} s)`);
  return { text: out.join("\n"), targets };
}

/** PASS when every measured value holds, MISS when one does not, N/A when none was measured. */
function statusOf(values, holds) {
  const measured = values.filter(
    ({ value }) => value !== null && value !== undefined && !Number.isNaN(value),
  );
  if (measured.length === 0) return "N/A";
  if (measured.length < values.length) return measured.every(({ value }) => holds(value)) ? "N/A" : "MISS";
  return measured.every(({ value }) => holds(value)) ? "PASS" : "MISS";
}
