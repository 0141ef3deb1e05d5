#!/usr/bin/env node
// Embeds the copies a bundle of toolshell carries (decision 0047), after tsc has built dist/src:
//
//   dist/src/assets/loads.cjs          copied from src/assets with its types (tsc copies no .cjs): the literal
//                                      requires of what toolshell loads on first use, which bundlers follow
//   dist/src/assets/embedded-jq.js     the jq worker (jq/worker-entry.js and its driver) and jq's wasm
//   dist/src/assets/embedded-shell.js  the shell worker (script/thread.js and all it imports, jq's copies too)
//
// Each worker is bundled by esbuild into one CommonJS script (a worker started with `eval: true` runs one); each
// copy is gzipped and written in base64 as a string constant. The installed package never reads them: its
// workers start from their files. A bundle of an application does, because the files are not beside it.
//
//   node scripts/embed.mjs
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "dist", "src");
const require = createRequire(import.meta.url);

/** One worker entry of dist/src as a single CommonJS script. */
async function workerScript(entry) {
  const result = await esbuild.build({
    entryPoints: [join(SRC, entry)],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    absWorkingDir: ROOT,
    tsconfigRaw: {},
    legalComments: "inline",
    // The worker's import.meta is empty, as expected: assets/here.ts then takes the embedded copies.
    logOverride: { "empty-import-meta": "silent" },
    logLevel: "warning",
    metafile: true,
  });
  if (result.errors.length > 0) throw new Error(result.errors.map((error) => error.text).join("\n"));
  const packages = new Set(
    Object.keys(result.metafile.inputs).flatMap((input) => {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      return match ? [match[1]] : [];
    }),
  );
  return { code: result.outputFiles[0].text, packages: [...packages].sort() };
}

/** A copy as the module holds it: gzipped, in base64. */
function packed(bytes) {
  return gzipSync(bytes, { level: 9 }).toString("base64");
}

function writeModule(file, constants, comment) {
  const lines = [`// ${comment} Written by scripts/embed.mjs (decision 0047).`];
  for (const [name, value] of Object.entries(constants))
    lines.push(`export const ${name} = ${JSON.stringify(value)};`);
  writeFileSync(join(SRC, file), `${lines.join("\n")}\n`);
  return readFileSync(join(SRC, file)).length;
}

for (const file of ["loads.cjs", "loads.d.cts"])
  copyFileSync(join(ROOT, "src", "assets", file), join(SRC, "assets", file));

const jqWorker = await workerScript("jq/worker-entry.js");
if (jqWorker.packages.length > 0)
  throw new Error(
    `embed: the jq worker imports packages (${jqWorker.packages.join(", ")}); it may import none`,
  );
const wasm = readFileSync(require.resolve("jq-wasm/jq.wasm"));
const jqSize = writeModule(
  "assets/embedded-jq.js",
  { JQ_WORKER: packed(Buffer.from(jqWorker.code)), JQ_WASM: packed(wasm) },
  "The jq worker's code and jq's wasm, gzipped, in base64.",
);
// Bundled after embedded-jq.js is written: the shell worker runs jq, so it carries jq's copies.
const shell = await workerScript("script/thread.js");
const shellSize = writeModule(
  "assets/embedded-shell.js",
  { SHELL_THREAD: packed(Buffer.from(shell.code)) },
  "The shell worker's code, gzipped, in base64.",
);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
// On stderr: `npm pack --json`, which runs the build, keeps stdout for its JSON.
console.error(
  `embedded: jq worker ${kib(jqWorker.code.length)} + wasm ${kib(wasm.length)} -> ${kib(jqSize)}, shell worker ` +
    `${kib(shell.code.length)} -> ${kib(shellSize)} in ${relative(ROOT, join(SRC, "assets"))}/`,
);
