/**
 * The differential suite's machinery, shared by test/differential/differential.test.ts (CI) and run.ts (developers): find the
 * case files, run each one under GNU bash (mock tools as executables on PATH, reference jq/awk/bc first) and in
 * toolshell (one ScriptedTool over the same mock tools), and compare stdout bytes and exit code.
 */
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ScriptedTool } from "../../src/index.js";
import { mockToolNames, mockToolSchemas, mockTools } from "./api/tools.js";

export const SUITE_DIR: string = fileURLToPath(new URL(".", import.meta.url));
export const CASES_DIR: string = join(SUITE_DIR, "cases");
const REPO_DIR = resolve(SUITE_DIR, "../..");
/** Where .ci/reference-bin.sh puts jq 1.8.2, GNU awk and GNU bc (REFERENCE_BIN overrides it). */
export const REFERENCE_BIN: string = process.env.REFERENCE_BIN ?? join(REPO_DIR, ".cache/reference/bin");
const BASH = "/usr/bin/bash";
/**
 * cases/scratch/ holds scripts that need toolshell's opt-in scratch space (process substitution, say): toolshell runs
 * them with `scratch: true`. They must not write files, since bash would write them to the host's /tmp.
 */
const SCRATCH_DIR = "scratch/";
const SKIPPED_DIRS = new Set<string>();
/**
 * Each side's bound on one case. A case takes well under a second, the first jq call of a fresh worker ~2 s; the
 * bound is generous so that a machine loaded by other work does not make a case fail by its clock.
 */
const CASE_TIMEOUT_MS = 30_000;
/** Cases run at once, each in both shells. */
const CONCURRENCY = 4;
/**
 * toolshell's workers: two runs wait in the pool's queue (on their clock, well inside CASE_TIMEOUT_MS); four workers
 * cost ~7 s more CPU here (each loads its own jq) for no shorter wall time on 2 cores.
 */
const WORKERS = 2;

export interface Outcome {
  stdout: string;
  exitCode: number;
  stderr: string;
}

export interface Comparison {
  name: string;
  bash: Outcome;
  toolshell: Outcome;
  same: boolean;
}

/** Every case, as its path under cases/ ("jq/group-by.sh"), sorted. */
export function listCases(dir: string = CASES_DIR): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(folder === dir && SKIPPED_DIRS.has(entry.name))) walk(path);
      } else if (entry.name.endsWith(".sh")) {
        found.push(relative(dir, path));
      }
    }
  };
  walk(dir);
  return found.sort();
}

/** A list file (deliberate.json, pending.json): case path -> reason. */
export function readList(file: "deliberate.json" | "pending.json"): Map<string, string> {
  const parsed = JSON.parse(readFileSync(join(SUITE_DIR, file), "utf8")) as Record<string, string>;
  return new Map(Object.entries(parsed));
}

export function referenceAvailable(): boolean {
  return ["jq", "awk", "bc"].every((tool) => existsSync(join(REFERENCE_BIN, tool)));
}

/** What mock-tool.sh reads from the tool's input schema: name, type, required, enum, minimum per property. */
function mockSchemaLines(name: string): string {
  const schema = mockToolSchemas.get(name) ?? {};
  const properties = (schema.properties ?? {}) as Record<
    string,
    { type?: string; enum?: string[]; minimum?: number }
  >;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .map(([key, property]) =>
      [
        key,
        property.type ?? "",
        required.has(key) ? "1" : "0",
        (property.enum ?? []).join("|"),
        property.minimum ?? "",
      ].join("\x1f"),
    )
    .join("\n");
}

/** One executable per mock tool, each running api/mock-tool.sh; the caller removes the folder. */
export function mockBin(): string {
  const dir = mkdtempSync(join(tmpdir(), "toolshell-diff-bin-"));
  const script = join(SUITE_DIR, "api/mock-tool.sh");
  for (const name of mockToolNames) {
    const path = join(dir, name);
    const schema = mockSchemaLines(name).replaceAll("'", "'\\''");
    // bash itself, sourcing the mock: one process start less per tool call than a sh wrapper exec-ing bash.
    writeFileSync(path, `#!${BASH}\nMOCK_SCHEMA='${schema}'\nset -- ${name} "$@"\n. '${script}'\n`);
    chmodSync(path, 0o755);
  }
  return dir;
}

/** Runs one case under GNU bash (`bash -c <script>`): a clean environment, an empty working folder, no stdin. */
export function runBash(casePath: string, toolBin: string, workDir: string): Promise<Outcome> {
  const env = {
    PATH: `${REFERENCE_BIN}:${toolBin}:/usr/bin:/bin`,
    // C.UTF-8 exists on every Debian machine; both shells then agree on ${#x} and sort order.
    LC_ALL: "C.UTF-8",
  };
  return new Promise((done) => {
    // `bash -c`: toolshell runs a script given as a string, as bash runs -c (a set -u abort exits 127 there, 1 in a
    // script file).
    const script = readFileSync(join(CASES_DIR, casePath), "utf8");
    const child = spawn(BASH, ["-c", script], {
      cwd: workDir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: CASE_TIMEOUT_MS,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("close", (code, signal) => {
      done({
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8") + (signal ? `[killed by ${signal}]` : ""),
        exitCode: code ?? 128,
      });
    });
  });
}

/** The ScriptedTool every case runs in (worker mode, the default); close it when done. */
export function suiteTool(): ScriptedTool {
  return new ScriptedTool({ name: "api", tools: mockTools, isolation: "worker", workers: WORKERS });
}

export async function runToolshell(api: ScriptedTool, casePath: string): Promise<Outcome> {
  const script = readFileSync(join(CASES_DIR, casePath), "utf8");
  const scratch = casePath.startsWith(SCRATCH_DIR);
  const result = await api.execute(script, {
    timeoutMs: CASE_TIMEOUT_MS,
    ...(scratch ? { scratch: true } : {}),
  });
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
}

/** Runs the cases both ways, `concurrency` at a time, in order of the list. */
export async function compareAll(
  names: readonly string[],
  concurrency = CONCURRENCY,
  onEach?: (comparison: Comparison) => void,
): Promise<Comparison[]> {
  const toolBin = mockBin();
  const workDir = mkdtempSync(join(tmpdir(), "toolshell-diff-cwd-"));
  const api = suiteTool();
  const results: Comparison[] = new Array(names.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < names.length) {
      const index = next++;
      const name = names[index] as string;
      const [bash, toolshell] = await Promise.all([runBash(name, toolBin, workDir), runToolshell(api, name)]);
      const same = bash.exitCode === toolshell.exitCode && bash.stdout === toolshell.stdout;
      const comparison = { name, bash, toolshell, same };
      results[index] = comparison;
      onEach?.(comparison);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, names.length) }, worker));
  } finally {
    await api.close();
    rmSync(toolBin, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
  return results;
}

/** The side-by-side text of one comparison: stdout and exit code of each shell. */
export function describeOutcome(outcome: Outcome): string {
  return `${outcome.stdout}[exit ${outcome.exitCode}]\n`;
}
