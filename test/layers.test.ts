import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { cycles, partGraph, partOf } from "../scripts/check-layers.mjs";

type Graph = Map<string, Map<string, string>>;

const graphOf = (edges: [string, string][]): Graph => {
  const graph: Graph = new Map();
  for (const [from, to] of edges) {
    if (!graph.has(from)) graph.set(from, new Map());
    graph.get(from)?.set(to, `${from} -> ${to}`);
  }
  return graph;
};

describe("the layers check (decision 0032)", () => {
  it("counts a folder of src/, builtins/, or one root file of src/ as a part", () => {
    expect(partOf("src/registry/breaker.ts")).toBe("src/registry");
    expect(partOf("builtins/bc/parser.ts")).toBe("builtins");
    expect(partOf("src/limits.ts")).toBe("src/limits.ts");
    expect(partOf("test/helpers.ts")).toBeUndefined();
  });

  it("finds a cycle through several parts, and none in a layered graph", () => {
    expect(
      cycles(
        graphOf([
          ["a", "b"],
          ["b", "c"],
          ["c", "a"],
          ["c", "d"],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        graphOf([
          ["a", "b"],
          ["b", "c"],
          ["a", "c"],
        ]),
      ),
    ).toEqual([]);
  });

  it("finds no import cycle between the library's parts", () => {
    expect(cycles(partGraph())).toEqual([]);
  });
});
