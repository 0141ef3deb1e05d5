import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

// A host far from UTC: nothing the script prints may depend on it.
process.env.TZ = "Asia/Tokyo";

describe.each(MODES)("nothing from the host leaks into the script (%s)", (mode) => {
  process.env.TOOLSHELL_SECRET = "hunter2";
  const api = track(new ScriptedTool({ name: "leak", isolation: mode, env: { REGION: "eu" }, tools: [] }));

  it("sees only the configured environment", async () => {
    const result = await api.execute(
      'declare -x | grep -c hunter2; echo "${TOOLSHELL_SECRET:-unset} $REGION"',
    );
    expect(result.stdout).toBe("0\nunset eu\n");
  });

  it("shows no host paths, hostname, pid or user", async () => {
    const result = await api.execute('echo "$HOME|$PWD|$HOSTNAME|$$|$USER|$BASHPID"');
    expect(result.stdout).not.toContain(process.cwd());
    expect(result.stdout).not.toContain(String(process.pid));
    expect(result.stdout).toMatch(/^\/\|\/\|[^|]*\|1\|[^|]*\|\d+\n$/);
  });

  it("runs in UTC whatever the host's zone", async () => {
    expect(new Date(0).getHours()).toBe(9);
    const result = await api.execute(
      "date -d @0 +%H:%M; printf '%(%H:%M)T\\n' 0; TZ= printf '%(%H:%M)T\\n' 0; unset TZ; printf '%(%H:%M)T\\n' 0; jq -nr '0 | localtime | todate'",
    );
    expect(result.stdout).toBe("00:00\n00:00\n00:00\n00:00\n1970-01-01T00:00:00Z\n");
  });

  it("takes per-run env on top of the configured one", async () => {
    const result = await api.execute('echo "$REGION $TENANT"', { env: { TENANT: "acme" } });
    expect(result.stdout).toBe("eu acme\n");
  });
});
