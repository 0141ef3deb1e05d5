import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Type tests (*.test-d.ts: expectTypeOf, @ts-expect-error) run through tsc and count as tests.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "tsconfig.json" },
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // Vitest's default (one fork less than the cores) runs the files one at a time on 2 cores: ~225 s here.
    // Most files wait (workers, timers, child processes) more than they compute; two forks take ~147 s.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
