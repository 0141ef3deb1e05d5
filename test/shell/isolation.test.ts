import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MODES, shop, track } from "../helpers.js";

const DIRTY = [
  "x=leaked; export Y=leaked; f() { echo leaked; }; alias ll=echo",
  // just-bash has no `trap`, so there is no trap state to leak.
  "set -euo pipefail; shopt -s nullglob extglob; readonly R=1",
  "cd / 2>/dev/null; declare -A m=([k]=v); hash -r; get_user --id 42 >/dev/null",
].join("\n");

const PROBE = [
  'echo "x=${x:-unset} Y=${Y:-unset} R=${R:-unset} m=${#m[@]}"',
  "type f >/dev/null 2>&1 && echo f-defined || echo f-undefined",
  "alias ll >/dev/null 2>&1 && echo alias-defined || echo alias-undefined",
  'echo "opts=$-"',
  "shopt -q extglob && echo extglob-on || echo extglob-off",
  "set -o | grep -E '^pipefail' | tr -s ' \\t' ' '",
  "hash",
].join("\n");

describe.each(MODES)("each run starts from a clean shell (%s)", (mode) => {
  const api = shop(mode, { workers: 1 });

  it("forgets variables, functions, aliases, options, readonly and the hash table", async () => {
    const clean = await api.execute(PROBE);
    const dirty = await api.execute(DIRTY);
    expect(dirty).toMatchObject({ stderr: "", exitCode: 0 });
    const after = await api.execute(PROBE);
    expect(after).toEqual(clean);
    expect(after.stdout).toContain("x=unset Y=unset R=unset m=0\nf-undefined\nalias-undefined\n");
  });

  it("would see that state within one run (the probe is not blind)", async () => {
    const clean = await api.execute(PROBE);
    const same = await api.execute(`${DIRTY}\n${PROBE}`);
    expect(same.stdout).not.toBe(clean.stdout);
    expect(same.stdout).toContain("x=leaked Y=leaked R=1 m=1\nf-defined\nalias-defined\n");
  });

  it("keeps traces private to their run", async () => {
    await api.execute("get_user --id 42; get_user --id 7");
    const next = await api.execute("echo nothing");
    expect(next.trace).toEqual([]);
  });
});

describe("concurrent runs never see each other's state", () => {
  it("gives each of 40 interleaved runs its own variables, context and trace", async () => {
    const api = track(
      new ScriptedTool({
        name: "iso",
        workers: 3,
        tools: [
          {
            name: "whoami_ctx",
            execute: async (_params, ctx) => {
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
              return String(ctx.context);
            },
          },
        ],
      }),
    );
    const runs = Array.from({ length: 40 }, (_, index) =>
      api.execute(
        `me=run${index}; sleep 0.00$((RANDOM % 5)); echo "$me $(whoami_ctx) \${shared:-none}"; shared=$me`,
        {
          context: `ctx${index}`,
        },
      ),
    );
    const results = await Promise.all(runs);
    results.forEach((result, index) => {
      expect(result.stdout).toBe(`run${index} ctx${index} none\n`);
      expect(result.trace.map((entry) => entry.name)).toEqual(["whoami_ctx"]);
    });
  });
});
