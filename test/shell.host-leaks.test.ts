import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../src/index.js";
import { MODES, track } from "./helpers.js";

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
    const result = await api.execute("date -d @0 +%H:%M; TZ= date -d @0 +%Z");
    expect(result.stdout.split("\n")[0]).toBe("00:00");
  });

  it("takes per-run env on top of the configured one", async () => {
    const result = await api.execute('echo "$REGION $TENANT"', { env: { TENANT: "acme" } });
    expect(result.stdout).toBe("eu acme\n");
  });
});
