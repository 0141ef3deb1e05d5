#!/usr/bin/env node
// Builds the interpreter toolshell ships: the pinned just-bash's published bundle, formatted, with the patches in
// patches/just-bash/ applied in name order, bundled by esbuild into dist/interpreter/ with only the commands a
// logic-only shell can use (the rest become stubs) and just-bash's license beside it. See
// docs/decisions/0022-shipped-interpreter-build.md for why it is built this way.
//
//   node scripts/interpreter/build.mjs          build (skipped when inputs are unchanged)
//   node scripts/interpreter/build.mjs --force  build even when unchanged
//
// It also leaves .interpreter/base/ (formatted, unpatched) and .interpreter/patched/ (formatted, patched) for
// reading and for making patches (scripts/interpreter/patch.mjs).
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import {
  applyPatches,
  BUNDLE_FILES,
  DROPPED_COMMANDS,
  formatBundle,
  JUST_BASH,
  listPatches,
  ROOT,
  readCommandLoaders,
  WORK,
} from "./shared.mjs";

const OUT = join(ROOT, "dist", "interpreter");
const require = createRequire(import.meta.url);

function fingerprint(patches) {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(JUST_BASH, "package.json")));
  for (const file of ["shared.mjs", "build.mjs"])
    hash.update(readFileSync(join(ROOT, "scripts", "interpreter", file)));
  // The exact versions of esbuild, jsdiff and every bundled package.
  if (existsSync(join(ROOT, "package-lock.json"))) hash.update(readFileSync(join(ROOT, "package-lock.json")));
  for (const patch of patches) hash.update(patch.name).update(patch.text);
  return hash.digest("hex");
}

/** The .d.ts files reachable from just-bash's index.d.ts, copied as they are (Apache-2.0, with the license). */
function copyTypes(into) {
  const from = join(JUST_BASH, "dist");
  // index.d.ts and what it reaches, and the one internal type the interpreter build exports.
  const queue = ["index.d.ts", "execution-output.d.ts"];
  const seen = new Set();
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(join(from, file), "utf8");
    mkdirSync(dirname(join(into, file)), { recursive: true });
    writeFileSync(join(into, file), text);
    for (const match of text.matchAll(/(?:from\s+|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = join(dirname(file), match[1].replace(/\.js$/, ".d.ts"));
      if (existsSync(join(from, target))) queue.push(target);
    }
  }
  return seen.size;
}

/** The license of every package esbuild bundled in (re2js, and what just-bash's bundle imports), with its text. */
function thirdPartyLicenses(names, dirs) {
  const sections = names.map((name) => {
    const dir = dirs.get(name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
    if (!file) throw new Error(`interpreter build: ${name} ships no license file to carry into the bundle`);
    return `## ${name} ${pkg.version} (${pkg.license ?? "see below"})\n\n\`\`\`text\n${readFileSync(join(dir, file), "utf8").trim()}\n\`\`\`\n`;
  });
  return `# Third-party code bundled into just-bash.js\n\njust-bash itself: LICENSE.just-bash (Apache-2.0); its published bundle embeds its own dependencies (re2js 1.3.3 among them, MIT: the re2js license below).\n\n${sections.join("\n")}`;
}

/** One build at a time in this tree (several engineers may rebuild at once): a directory lock, stale after 2 min. */
async function locked(work) {
  const lock = join(WORK, "build.lock");
  mkdirSync(WORK, { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {}
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      else if (waited > 180_000) throw new Error(`interpreter build: ${lock} held for 3 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function main() {
  const force = process.argv.includes("--force");
  const version = JSON.parse(readFileSync(join(JUST_BASH, "package.json"), "utf8")).version;
  const patches = listPatches();
  const stamp = fingerprint(patches);
  const manifestPath = join(OUT, "manifest.json");
  if (!force && existsSync(manifestPath) && existsSync(join(OUT, "just-bash.js"))) {
    const previous = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (previous.fingerprint === stamp) return;
  }
  const esbuild = await import("esbuild");

  for (const part of ["base", "patched", "entry.js"])
    rmSync(join(WORK, part), { recursive: true, force: true });
  const base = formatBundle(esbuild, join(WORK, "base"));
  const patched = applyPatches(base, patches, join(WORK, "patched"));

  // Commands a logic-only shell never runs resolve to a stub: their dependencies (sql.js, python, quickjs, undici,
  // compression, html) stay out of what ships.
  const loaders = readCommandLoaders(patched.get("index.js"));
  const dropped = new Map();
  for (const loader of loaders) {
    if (DROPPED_COMMANDS.has(loader.name)) {
      const list = dropped.get(loader.chunk) ?? [];
      list.push(loader);
      dropped.set(loader.chunk, list);
    }
  }
  for (const name of DROPPED_COMMANDS) {
    if (!loaders.some((loader) => loader.name === name)) {
      throw new Error(
        `interpreter build: just-bash ${version} has no command "${name}" to drop; update DROPPED_COMMANDS`,
      );
    }
  }
  const kept = loaders.filter((loader) => !DROPPED_COMMANDS.has(loader.name));
  for (const loader of kept) {
    if (dropped.has(loader.chunk)) {
      throw new Error(`interpreter build: ${loader.name} shares ${loader.chunk} with a dropped command`);
    }
  }
  // just-bash's flag-coverage report (a development aid, off unless asked for) imports every command's flag table,
  // dropped ones included: it becomes a no-op.
  const coverage = [...patched.keys()].filter((file) => /^chunks\/flag-coverage-[^/]+\.js$/.test(file));
  if (coverage.length !== 1)
    throw new Error(`interpreter build: expected one flag-coverage chunk, found ${coverage.length}`);
  const stubs = new Map([[coverage[0], "export function emitFlagCoverage() {}\n"]]);
  // undici backs just-bash's network access, which toolshell never configures.
  const undici = [...patched.keys()].filter((file) => /^chunks\/undici-[^/]+\.js$/.test(file));
  if (undici.length !== 1)
    throw new Error(`interpreter build: expected one undici chunk, found ${undici.length}`);
  stubs.set(
    undici[0],
    'const refuse = () => { throw new Error("network access is not available in this shell"); };\n' +
      "export class Agent { constructor() { refuse(); } }\nexport const fetch = refuse;\nexport default { Agent, fetch };\n",
  );
  for (const [chunk, list] of dropped) {
    stubs.set(
      chunk,
      list
        .map(
          (loader) =>
            `export const ${loader.exportName} = { name: ${JSON.stringify(loader.name)}, async execute() { ` +
            `return { stdout: "", stderr: ${JSON.stringify(`${loader.name}: command not found\n`)}, exitCode: 127 }; } };`,
        )
        .join("\n"),
    );
  }
  const patchedDir = join(WORK, "patched");
  const stubPlugin = {
    name: "toolshell-dropped-commands",
    setup(build) {
      build.onResolve({ filter: /\.js$/ }, (args) => {
        if (!args.importer.startsWith(patchedDir)) return undefined;
        const target = relative(patchedDir, join(dirname(args.importer), args.path));
        if (!stubs.has(target)) return undefined;
        return { path: target, namespace: "toolshell-dropped" };
      });
      build.onLoad({ filter: /.*/, namespace: "toolshell-dropped" }, (args) => ({
        loader: "js",
        contents: stubs.get(args.path),
      }));
      // Each of just-bash's chunks makes a require from its own URL (`createRequire(import.meta.url)`, a bundler's
      // banner), which in a CommonJS bundle of an application (where import.meta is empty) throws as it loads. Only
      // one chunk reads it, for node:module where process.getBuiltinModule is missing (Node < 20.16, which
      // toolshell does not run on): it is left undefined (decision 0047).
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(patchedDir)) return undefined;
        const text = readFileSync(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        return { loader: "js", contents: text.replace(/\bcreateRequire\(import\.meta\.url\)/g, "void 0") };
      });
      // Optional native compressors of the dropped archive commands: never loaded.
      build.onResolve({ filter: /^(node-liblzma|@mongodb-js\/zstd)$/ }, (args) => ({
        path: args.path,
        external: true,
      }));
    },
  };

  const entry = join(WORK, "entry.js");
  writeFileSync(
    entry,
    [
      'export * from "./patched/index.js";',
      `export { ${BUNDLE_FILES.accumulator.export} as ExecutionOutputAccumulator } from "./patched/${BUNDLE_FILES.accumulator.file}";`,
      `export { RE2JS } from ${JSON.stringify(
        require
          .resolve("re2js")
          .replace(/\\/g, "/")
          .replace(/index\.cjs\.cjs$/, "index.esm.js"),
      )};`,
      "",
    ].join("\n"),
  );
  // Written beside dist/interpreter and swapped in at the end, so a test importing it meanwhile sees a whole file.
  const final = OUT;
  const OUT_TMP = `${final}.tmp-${process.pid}`;
  rmSync(OUT_TMP, { recursive: true, force: true });
  mkdirSync(OUT_TMP, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: join(OUT_TMP, "just-bash.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    plugins: [stubPlugin],
    // Independent of the caller's directory and of toolshell's tsconfig (its "strict" would add "use strict").
    absWorkingDir: ROOT,
    tsconfigRaw: {},
    legalComments: "inline",
    logLevel: "silent",
    metafile: true,
    banner: {
      js:
        `// just-bash ${version} (https://github.com/vercel-labs/just-bash), Apache-2.0: see LICENSE.just-bash beside this file.\n` +
        `// Built by toolshell with the patches listed in manifest.json (patches/just-bash/ in toolshell's repository).\n` +
        "// Also bundles the packages in THIRD-PARTY-LICENSES.md beside this file, under their licenses.",
    },
  });
  if (result.errors.length > 0) throw new Error(result.errors.map((error) => error.text).join("\n"));

  if (readFileSync(join(OUT_TMP, "just-bash.js"), "utf8").includes("import.meta"))
    throw new Error("interpreter build: the bundle still reads import.meta, which a CommonJS bundle lacks");
  const types = copyTypes(join(OUT_TMP, "types"));
  writeFileSync(
    join(OUT_TMP, "just-bash.d.ts"),
    [
      `// Types of just-bash ${version} (Apache-2.0, LICENSE.just-bash), as the package publishes them.`,
      'export * from "./types/index.js";',
      'export { ExecutionOutputAccumulator } from "./types/execution-output.js";',
      'export { RE2JS } from "./re2js.js";',
      "",
    ].join("\n"),
  );
  const re2jsTypes = join(dirname(require.resolve("re2js")), "index.esm.d.ts");
  writeFileSync(join(OUT_TMP, "re2js.d.ts"), readFileSync(re2jsTypes, "utf8"));
  writeFileSync(join(OUT_TMP, "LICENSE.just-bash"), readFileSync(join(JUST_BASH, "LICENSE"), "utf8"));

  const inputs = Object.keys(result.metafile.inputs);
  // Each bundled package by the innermost node_modules/<package> of its files (a nested copy is its own package).
  const packageDirs = new Map();
  for (const input of inputs) {
    const match = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(input);
    if (match) packageDirs.set(match[2], join(ROOT, match[1]));
  }
  const bundled = [...packageDirs.keys()].sort();
  writeFileSync(join(OUT_TMP, "THIRD-PARTY-LICENSES.md"), thirdPartyLicenses(bundled, packageDirs));
  writeFileSync(
    join(OUT_TMP, "manifest.json"),
    `${JSON.stringify(
      {
        justBash: version,
        fingerprint: stamp,
        patches: patches.map((patch) => ({ name: patch.name, sha256: patch.sha256 })),
        droppedCommands: [...DROPPED_COMMANDS].sort(),
        keptCommands: [...new Set(kept.map((loader) => loader.name))].sort(),
        typeFiles: types,
        bundledPackages: bundled,
      },
      null,
      2,
    )}\n`,
  );
  const size = readFileSync(join(OUT_TMP, "just-bash.js")).length;
  const old = `${final}.old-${process.pid}`;
  if (existsSync(final)) renameSync(final, old);
  renameSync(OUT_TMP, final);
  rmSync(old, { recursive: true, force: true });
  console.log(
    `interpreter: just-bash ${version}, ${patches.length} patch(es), ${kept.length} commands kept, ` +
      `${DROPPED_COMMANDS.size} dropped, ${(size / 1024).toFixed(0)} KiB -> ${relative(ROOT, OUT)}`,
  );
}

locked(main).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
