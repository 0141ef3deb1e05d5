import { describe, expect, it } from "vitest";
import { ScriptedTool, ToolError } from "../src/index.js";
import { MODES, track } from "./helpers.js";

/** A callback fails on purpose with ToolError: its message is for the model, so sanitizing never hides it. */
describe.each(MODES)("ToolError from a callback (%s)", (mode) => {
  const api = track(
    new ScriptedTool({
      name: "t",
      isolation: mode,
      tools: [
        {
          name: "find_user",
          inputSchema: { type: "object", properties: { id: { type: "integer" } } },
          execute: ({ id }) => {
            if (id === 7)
              throw new ToolError("no user with id 7\ntry list_users", { exitCode: 3, stdout: "partial\n" });
            if (id === 8) throw new Error("db password is hunter2");
            return { id };
          },
        },
      ],
    }),
  );

  it("prints its message on stderr, each line named, with its exit code and stdout", async () => {
    const r = await api.execute('find_user --id 7; echo "status=$?"');
    expect(r.stdout).toBe("partial\nstatus=3\n");
    expect(r.stderr).toBe("find_user: no user with id 7\nfind_user: try list_users\n");
    expect(r.trace[0]).toMatchObject({ name: "find_user", exitCode: 3 });
  });

  it("leaves other errors sanitized", async () => {
    const r = await api.execute("find_user --id 8");
    expect(r.stderr).toBe("find_user: callback failed\n");
    expect(r.exitCode).toBe(1);
  });

  it("reaches host calls as handler_failed with the message", async () => {
    const r = await api.call("find_user", { id: 7 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("handler_failed");
      expect(r.error.message).toContain("no user with id 7");
    }
  });
});

it("keeps exit codes in 1..255", () => {
  expect(new ToolError("x", { exitCode: 0 }).exitCode).toBe(1);
  expect(new ToolError("x", { exitCode: 300 }).exitCode).toBe(1);
  expect(new ToolError("x").exitCode).toBe(1);
});
