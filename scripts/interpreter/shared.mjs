// What the interpreter build and the patch tool share: where things are, how the published bundle is formatted,
// and how patches are read and applied. Node built-ins, esbuild and jsdiff only (devDependencies).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The pinned just-bash: the package folder above its main bundle (its exports hide package.json). */
export const JUST_BASH = join(dirname(require.resolve("just-bash", { paths: [ROOT] })), "..", "..");
export const BUNDLE = join(JUST_BASH, "dist", "bundle");
export const PATCHES = join(ROOT, "patches", "just-bash");
/** Scratch output of the build: formatted sources, for reading and for making patches (gitignored). */
export const WORK = join(ROOT, ".interpreter");

/** Modules of the published bundle that toolshell reaches by name: a just-bash upgrade renames them. */
export const BUNDLE_FILES = {
  /** `ExecutionOutputAccumulator` (not exported by the package): toolshell streams top-level output through it. */
  accumulator: { file: "chunks/chunk-J2OBOJ64.js", export: "a" },
};

/**
 * just-bash commands that never ship: they need a disk, a network, a language runtime or a native library, and
 * a logic-only shell enables none of them (just-bash's jq too: toolshell runs real jq). Each becomes a stub.
 */
export const DROPPED_COMMANDS = new Set([
  "sqlite3",
  "python3",
  "python",
  "js-exec",
  "node",
  "curl",
  "html-to-markdown",
  "yq",
  "xan",
  "file",
  "tar",
  "gzip",
  "gunzip",
  "zcat",
  "jq",
  "rg",
  "bash",
  "sh",
  "clear",
  "history",
  "hostname",
  "whoami",
  "help",
  "which",
  // Not enabled by toolshell either: diff prints another format than GNU diff, ln would make links in the scratch
  // space, env/printenv are answered by toolshell's own refusal, od/strings/time are not shell commands here.
  "diff",
  "ln",
  "env",
  "printenv",
  "od",
  "strings",
  "time",
]);

/** The published bundle, formatted by esbuild (one statement a line), written under `into`; path -> text. */
export function formatBundle(esbuild, into) {
  const files = new Map();
  const names = ["index.js", ...readdirSync(join(BUNDLE, "chunks")).map((name) => `chunks/${name}`)];
  for (const name of names) {
    const code = readFileSync(join(BUNDLE, name), "utf8");
    const text = esbuild.transformSync(code, { loader: "js", charset: "utf8", legalComments: "inline" }).code;
    files.set(name, text);
  }
  writeTree(files, into);
  return files;
}

export function writeTree(files, into) {
  for (const [name, text] of files) {
    mkdirSync(dirname(join(into, name)), { recursive: true });
    writeFileSync(join(into, name), text);
  }
}

/**
 * The patches, in name order. A patch is a unified diff against the formatted bundle (paths a/<file>, b/<file>
 * relative to dist/bundle/), after a header of `Key: value` lines: Fixes, Upstream, Test (one or more).
 */
export function listPatches() {
  let names;
  try {
    names = readdirSync(PATCHES).filter((name) => name.endsWith(".patch"));
  } catch {
    return [];
  }
  return names.sort().map((name) => {
    const text = readFileSync(join(PATCHES, name), "utf8");
    const header = text.slice(0, Math.max(0, text.search(/^--- /m)));
    const fields = {};
    for (const line of header.split("\n")) {
      const match = /^([A-Z][A-Za-z]+):\s*(.*)$/.exec(line);
      if (!match) continue;
      fields[match[1]] = [...(fields[match[1]] ?? []), match[2].trim()];
    }
    return { name, text, header, fields, sha256: createHash("sha256").update(text).digest("hex") };
  });
}

/** Applies `patches` in order to the formatted files; throws naming the patch and file whose hunks do not fit. */
export function applyPatches(base, patches, into) {
  const { parsePatch, applyPatch } = require("diff");
  const files = new Map(base);
  for (const patch of patches) {
    const parts = parsePatch(patch.text);
    if (parts.length === 0 || parts.every((part) => part.hunks.length === 0)) {
      throw new Error(`interpreter build: ${patch.name} has no hunks`);
    }
    for (const part of parts) {
      const file = (part.oldFileName ?? "").replace(/^a\//, "");
      const source = files.get(file);
      if (source === undefined)
        throw new Error(`interpreter build: ${patch.name} patches ${file}, which just-bash's bundle lacks`);
      // jsdiff places a hunk at another line when its context moved (other patches before it); in formatted
      // minified code short contexts repeat, so a hunk must fit exactly one place, or it could land in the wrong one.
      part.hunks.forEach((hunk, index) => {
        const old = hunk.lines
          .filter((line) => line[0] === " " || line[0] === "-")
          .map((line) => line.slice(1));
        const places = countPlaces(source, old);
        if (places === 0) {
          throw new Error(
            `interpreter build: ${patch.name} no longer applies to ${file} (just-bash changed?); remake it with scripts/interpreter/patch.mjs`,
          );
        }
        if (places > 1) {
          throw new Error(
            `interpreter build: ${patch.name} hunk ${index + 1} (@@ -${hunk.oldStart}) fits ${places} places in ${file}; ` +
              "remake it with more context (scripts/interpreter/patch.mjs)",
          );
        }
      });
      const result = applyPatch(source, part);
      if (result === false) {
        throw new Error(
          `interpreter build: ${patch.name} no longer applies to ${file} (just-bash changed?); remake it with scripts/interpreter/patch.mjs`,
        );
      }
      files.set(file, result);
    }
  }
  if (into) writeTree(files, into);
  return files;
}

/** How many times `lines` occur in `text` as whole consecutive lines. */
function countPlaces(text, lines) {
  const block = `\n${lines.join("\n")}\n`;
  const haystack = `\n${text}${text.endsWith("\n") ? "" : "\n"}`;
  let count = 0;
  for (let at = haystack.indexOf(block); at !== -1; at = haystack.indexOf(block, at + 1)) count += 1;
  return count;
}

/** just-bash's lazy command table in the formatted index.js: name, chunk file and the export the loader reads. */
export function readCommandLoaders(indexText) {
  const loaders = [];
  const pattern =
    /name:\s*"([^"]+)",\s*load:\s*async\s*\(\)\s*=>\s*\(await import\("\.\/(chunks\/[^"]+)"\)\)\.(\w+)/g;
  for (const match of indexText.matchAll(pattern)) {
    loaders.push({ name: match[1], chunk: match[2], exportName: match[3] });
  }
  if (loaders.length < 50)
    throw new Error(`interpreter build: found only ${loaders.length} command loaders in index.js`);
  return loaders;
}
