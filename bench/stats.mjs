// Statistics and formatting shared by the benches: nearest-rank quantiles, a summary of samples, times in ms
// written with a unit that fits, a plain text table, and the machine a run was made on.

import os from "node:os";

/** The machine and its load as a run starts, for the results file. */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadavg: os.loadavg(),
    platform: `${os.platform()} ${os.arch()}`,
  };
}

/** Nearest rank, and for the median the mean of the two middle values. `sorted` ascending. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  if (q === 0.5) {
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p90: quantile(sorted, 0.9),
    min: sorted[0] ?? null,
  };
}

export function formatMs(ms) {
  if (ms === null || ms === undefined) return "-";
  if (Math.abs(ms) < 0.01) return `${(ms * 1000).toFixed(2)} µs`;
  if (Math.abs(ms) < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export const formatRatio = (ratio) => (ratio === null || ratio === undefined ? "-" : `${ratio.toFixed(2)}x`);

export function table(headers, rows) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(" | ");
  return [line(headers), widths.map((width) => "-".repeat(width)).join("-|-"), ...rows.map(line)].join("\n");
}

/** A comma list from the environment, or undefined. */
export const list = (value) =>
  value
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;
