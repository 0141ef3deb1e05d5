import { expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { track } from "../helpers.js";

it("keeps two tenants' contexts apart over 100 interleaved runs", async () => {
  const policySaw: string[] = [];
  const api = track(
    new ScriptedTool({
      name: "tenants",
      workers: 2,
      policy: (call) => {
        policySaw.push(`${call.tenant}:${(call.context as { run: number }).run}`);
        return "allow";
      },
      tools: [
        {
          name: "whoami",
          execute: async (_params, ctx) => {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
            return `${ctx.tenant}:${(ctx.context as { run: number }).run}\n`;
          },
        },
      ],
    }),
  );
  const runs = Array.from({ length: 100 }, (_, run) => {
    const tenant = run % 2 === 0 ? "acme" : "globex";
    return api.execute("whoami; whoami", { tenant, context: { run } });
  });
  const results = await Promise.all(runs);
  results.forEach((result, run) => {
    const me = `${run % 2 === 0 ? "acme" : "globex"}:${run}`;
    expect(result.stdout).toBe(`${me}\n${me}\n`);
  });
  expect(policySaw.sort()).toEqual(
    Array.from({ length: 100 }, (_, run) => `${run % 2 === 0 ? "acme" : "globex"}:${run}`)
      .flatMap((entry) => [entry, entry])
      .sort(),
  );
});
