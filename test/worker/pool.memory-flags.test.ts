// TM-MEM-001: the shell worker's memory cap holds whatever heap flags the host process was started with.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fixtureOutput } from "../fixture-process.js";

const FLOOD = fileURLToPath(new URL("../fixtures/memory-flood.ts", import.meta.url));
/** A spawned process pays for node, tsx, a worker start and the flood: seconds on a busy machine. */
const SLOW = 90_000;

interface Flooded {
  stdout: string;
  stderr: string;
  exitCode: number;
  peakRssMb: number;
  hostWorkerHeapMb: number;
}

/** Runs the flood in a process started with `nodeArgs` and NODE_OPTIONS, from the sources under tsx. */
async function flood(nodeArgs: string[], nodeOptions: string | undefined): Promise<Flooded> {
  return JSON.parse(await fixtureOutput(FLOOD, [], { nodeArgs, nodeOptions })) as Flooded;
}

const OUT_OF_MEMORY = {
  stdout: "",
  stderr: "toolshell: the script ran out of memory (the shell's limit is 64 MiB) and was stopped\n",
  exitCode: 1,
};

describe("the shell worker's memory cap under the host's heap flags", () => {
  it.each([
    ["NODE_OPTIONS=--max-old-space-size=4096", [], "--max-old-space-size=4096"],
    ["node --max-old-space-size=4096", ["--max-old-space-size=4096"], undefined],
    [
      "node --max-heap-size=4096 --max_semi_space_size=64",
      ["--max-heap-size=4096", "--max_semi_space_size=64"],
      undefined,
    ],
  ])(
    "stops a background-job output flood at the 64 MiB cap with %s, and leaves the host's flags to its own workers",
    async (_, nodeArgs, nodeOptions) => {
      const { peakRssMb, hostWorkerHeapMb, ...result } = await flood(nodeArgs, nodeOptions);
      expect(result).toEqual(OUT_OF_MEMORY);
      // The host (node, tsx, the shell) plus a 64 MiB worker heap: ~360 MiB; without the cap it passed 680 MiB
      // in the run's 20 s and was still growing.
      expect(peakRssMb).toBeLessThan(512);
      expect(hostWorkerHeapMb).toBeGreaterThanOrEqual(4096);
    },
    SLOW,
  );
});
