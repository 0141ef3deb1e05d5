/**
 * Developers' entry to the differential suite: `npx tsx test/differential/run.ts [case paths or globs]` runs the
 * given cases (all of them by default) under GNU bash and in toolshell, prints a unified diff of stdout and exit
 * code for each case that differs, and a summary line. Exits 1 when a case differs that neither deliberate.json nor
 * pending.json lists, or when a listed case now matches (the list must be updated). `--prune-pending` takes the
 * cases that now match out of pending.json (for the commit that lands their fix).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Comparison,
  compareAll,
  describeOutcome,
  listCases,
  REFERENCE_BIN,
  readList,
  referenceAvailable,
  SUITE_DIR,
} from "./harness.js";

/** Removes `names` from pending.json, keeping the rest of the file as it is. */
function prunePending(names: readonly string[]): void {
  const file = join(SUITE_DIR, "pending.json");
  const pending = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  for (const name of names) delete pending[name];
  writeFileSync(file, `${JSON.stringify(pending, null, 2)}\n`);
  console.log(`pending.json: removed ${names.length} case(s) that match now`);
}

/** "jq/*.sh", "test/differential/cases/jq/**", "jq" (a folder) or one case path, as a test on case names. */
function matcher(pattern: string): (name: string) => boolean {
  const bare = pattern.replace(/^(?:\.\/)?(?:test\/differential\/)?(?:cases\/)?/, "").replace(/\/$/, "");
  if (!/[*?[]/.test(bare)) return (name) => name === bare || name.startsWith(`${bare}/`);
  let source = "";
  for (let index = 0; index < bare.length; index++) {
    const char = bare[index] as string;
    if (char === "*" && bare[index + 1] === "*") {
      source += ".*";
      index++;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|\\[\]]/g, "\\$&");
  }
  const regex = new RegExp(`^${source}$`);
  return (name) => regex.test(name);
}

function unifiedDiff(comparison: Comparison): string {
  const dir = mkdtempSync(join(tmpdir(), "toolshell-diff-"));
  try {
    const bashFile = join(dir, "bash");
    const toolshellFile = join(dir, "toolshell");
    writeFileSync(bashFile, describeOutcome(comparison.bash));
    writeFileSync(toolshellFile, describeOutcome(comparison.toolshell));
    const labels = ["--label", `bash     ${comparison.name}`, "--label", `toolshell ${comparison.name}`];
    const diff = spawnSync("diff", ["-u", ...labels, bashFile, toolshellFile], { encoding: "utf8" });
    const stderr = comparison.toolshell.stderr ? `toolshell stderr:\n${comparison.toolshell.stderr}` : "";
    return `${diff.stdout}${stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  if (!referenceAvailable()) {
    console.error(`differential: no reference tools in ${REFERENCE_BIN}; run .ci/reference-bin.sh first`);
    return 2;
  }
  const all = listCases();
  const args = process.argv.slice(2);
  const prune = args.includes("--prune-pending");
  const patterns = args.filter((arg) => arg !== "--prune-pending").map(matcher);
  const names = patterns.length === 0 ? all : all.filter((name) => patterns.some((test) => test(name)));
  if (names.length === 0) {
    console.error("differential: no case matches");
    return 2;
  }
  const deliberate = readList("deliberate.json");
  const pending = readList("pending.json");
  const started = performance.now();
  const results = await compareAll(names);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let unexpected = 0;
  let stale = 0;
  const nowMatching: string[] = [];
  for (const comparison of results) {
    const listed = deliberate.get(comparison.name) ?? pending.get(comparison.name);
    if (comparison.same) {
      if (listed !== undefined) {
        stale++;
        if (pending.has(comparison.name)) nowMatching.push(comparison.name);
        console.log(
          `MATCHES NOW ${comparison.name}: remove it from ${deliberate.has(comparison.name) ? "deliberate" : "pending"}.json`,
        );
      }
      continue;
    }
    if (listed === undefined) unexpected++;
    console.log(
      `${listed === undefined ? "DIFFERS" : "listed"} ${comparison.name}${listed ? ` (${listed})` : ""}`,
    );
    console.log(unifiedDiff(comparison));
  }
  if (prune && nowMatching.length > 0) {
    prunePending(nowMatching);
    stale -= nowMatching.length;
  }
  const same = results.filter((comparison) => comparison.same).length;
  console.log(
    `differential: ${results.length} cases, ${same} identical, ${results.length - same} differ ` +
      `(${unexpected} unexpected, ${stale} listed but matching) in ${seconds} s`,
  );
  return unexpected > 0 || stale > 0 ? 1 : 0;
}

process.exitCode = await main();
