#!/usr/bin/env node
// The layers check (decision 0032): no import cycle between the parts of the library. A part is a folder of src/
// (src/registry, src/shell, ...), builtins/, or one file at src/'s root (the facade, the public index and the
// one-job modules each count on their own). Every import counts, type-only ones too: a cycle of types is a
// cycle a reader has to untangle all the same. Prints each cycle with one import that makes each of its steps,
// and exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function sources(dir) {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The part a repository path belongs to, or undefined outside the library. */
export function partOf(path) {
  const parts = path.split("/");
  if (parts[0] === "builtins") return "builtins";
  if (parts[0] !== "src") return undefined;
  return parts.length === 2 ? path : `src/${parts[1]}`;
}

/** Import edges between parts: Map<from, Map<to, "file -> file">>. */
export function partGraph() {
  const graph = new Map();
  for (const file of [...sources("src"), ...sources("builtins")]) {
    const from = partOf(file);
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = relative(ROOT, resolve(ROOT, dirname(file), fileName)).replace(/\.js$/, ".ts");
      const to = partOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, `${file} -> ${target}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one part (Tarjan). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The parts bottom-up (each after everything it imports), with what each imports; for a graph with no cycle. */
export function layerOrder(graph) {
  const order = [];
  const placed = new Set();
  const place = (part) => {
    if (placed.has(part)) return;
    placed.add(part);
    const uses = [...(graph.get(part)?.keys() ?? [])].sort();
    for (const used of uses) place(used);
    order.push([part, uses]);
  };
  for (const part of [...graph.keys()].sort()) place(part);
  return order;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = partGraph();
  const found = cycles(graph);
  for (const component of found) {
    console.log(`cycle: ${component.join(" <-> ")}`);
    for (const from of component)
      for (const [to, example] of graph.get(from) ?? [])
        if (component.includes(to)) console.log(`  ${example}`);
  }
  if (found.length > 0) process.exit(1);
  if (process.argv.includes("--order"))
    for (const [part, uses] of layerOrder(graph)) console.log(`${part} -> ${uses.join(", ")}`);
  console.log(`layers: ${graph.size} parts, no import cycle`);
}
