#!/usr/bin/env node
// Makes and remakes a patch of the shipped interpreter (patches/just-bash/<name>.patch).
//
//   node scripts/interpreter/patch.mjs edit <name>   .interpreter/edit/<name>/after/ holds the formatted bundle with
//                                                    every other patch applied (and this one, if it exists): edit it
//   node scripts/interpreter/patch.mjs save <name>   writes the difference as the patch, keeping its header, and
//                                                    rebuilds dist/interpreter
//
// <name> is NNNN-slug (patches apply in name order). Readable source to find what to change: just-bash's
// repository at the pinned version (packages/just-bash/src/); the bundle's names are minified, strings are not.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyPatches, formatBundle, listPatches, PATCHES, ROOT, WORK } from "./shared.mjs";

const [command, name] = process.argv.slice(2);
if (!["edit", "save"].includes(command) || !/^\d{4}-[a-z0-9-]+$/.test(name ?? "")) {
  console.error("usage: node scripts/interpreter/patch.mjs edit|save NNNN-slug");
  process.exit(2);
}
const dir = join(WORK, "edit", name);
const file = join(PATCHES, `${name}.patch`);
const TEMPLATE = [
  "Fixes: <what a script does, what just-bash answered, what GNU bash answers>",
  "Upstream: <packages/just-bash/src/... file and function, the change in the source's terms>",
  "Test: <test file or differential case that fails without this patch>",
  "",
].join("\n");

if (command === "edit") {
  const esbuild = await import("esbuild");
  const others = listPatches().filter((patch) => patch.name !== `${name}.patch`);
  rmSync(dir, { recursive: true, force: true });
  const base = formatBundle(esbuild, join(dir, "before"));
  const before = applyPatches(base, others, join(dir, "before"));
  const own = listPatches().filter((patch) => patch.name === `${name}.patch`);
  applyPatches(before, own, join(dir, "after"));
  console.log(
    `edit the files under ${join(dir, "after")}, then: node scripts/interpreter/patch.mjs save ${name}`,
  );
} else {
  const { createTwoFilesPatch } = await import("diff");
  if (!existsSync(join(dir, "after"))) {
    console.error(`no ${join(dir, "after")}: run edit first`);
    process.exit(2);
  }
  const names = ["index.js", ...readdirSync(join(dir, "before", "chunks")).map((chunk) => `chunks/${chunk}`)];
  const parts = [];
  for (const file of names) {
    const before = readFileSync(join(dir, "before", file), "utf8");
    const after = readFileSync(join(dir, "after", file), "utf8");
    if (before !== after)
      parts.push(createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, "", "", { context: 3 }));
  }
  if (parts.length === 0) {
    console.error("nothing changed under after/");
    process.exit(2);
  }
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const header = existing ? existing.slice(0, Math.max(0, existing.search(/^--- /m))) : TEMPLATE;
  // createTwoFilesPatch starts each file with "===" and "Index"-free headers; keep only the ---/+++ and hunks.
  const body = parts.map((part) => part.replace(/^={3,}\n/m, "")).join("");
  mkdirSync(PATCHES, { recursive: true });
  writeFileSync(file, `${header.trimEnd()}\n\n${body}`);
  console.log(`wrote ${file}${existing ? "" : " (fill in its header)"}; rebuilding`);
  execFileSync(process.execPath, [join(ROOT, "scripts", "interpreter", "build.mjs")], {
    stdio: "inherit",
    cwd: ROOT,
  });
  // The copies are ~8 MB each; edit makes them again from the patches.
  rmSync(dir, { recursive: true, force: true });
}
