import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as approvalFlow } from "../../examples/approval-flow.js";
import { createNotesServer } from "../../examples/multi-tenant-server.js";
import { main as replicas } from "../../examples/replicas.js";
import { main as riskGates } from "../../examples/risk-gates.js";
import type { CallRecord } from "../../src/index.js";
import { redisMissing, sharedRedis } from "../redis-server.js";

describe("examples/approval-flow.ts", () => {
  it("plans, shows the intended writes, runs for real once approved; askForDestructive asks per call", async () => {
    const summary = await approvalFlow(false);
    expect(summary.planned.map((call) => [call.name, call.params])).toEqual([
      ["deactivate_account", { id: 2 }],
      ["deactivate_account", { id: 3 }],
    ]);
    expect(summary.activeAfterPlan).toEqual([1, 2, 3]);
    expect(summary.approvedOutput).toBe("deactivated 2\ndeactivated 3\n");
    expect(summary.activeAfterRun).toEqual([1]);
    expect(summary.askedFor).toEqual(['delete_account {"id":3}', 'delete_account {"id":1}']);
    expect(summary.guardedStdout).toBe('{"id":3,"deleted":true}\nkept account 1 (exit 126)\n');
    expect(summary.guardedStderr).toBe("delete_account: denied: not approved\n");
    expect(summary.remaining).toEqual([1, 2]);
  });

  it("runs nothing when the plan is not approved", async () => {
    const summary = await approvalFlow(false, () => false);
    expect(summary.approvedOutput).toBe("");
    expect(summary.activeAfterRun).toEqual([1, 2, 3]);
  });
});

describe("examples/risk-gates.ts", () => {
  it("asks only at or above high, refuses what is not approved, notes the deprecated tool, keeps appData for the host", async () => {
    const summary = await riskGates(undefined, () => {});
    expect(summary.stdout).toBe("42\nvacuumed\nlogs truncated\ndrop refused: 126\n42\n42\n");
    expect(summary.stderr).toBe(
      "drop_table: denied: not approved (risk critical)\ncount_rows: deprecated, use row_count (removed in v3)\n",
    );
    expect(summary.asked).toEqual(["truncate_logs (high)", "drop_table (critical)"]);
    expect(summary.deprecated).toBe("deprecated, use row_count (removed in v3)");
    expect(summary.appData).toEqual({ queryPlan: "seq scan" });
  });

  it("runs every call when the approver says yes", async () => {
    const summary = await riskGates(
      () => true,
      () => {},
    );
    expect(summary.stdout).toContain("dropped\n");
  });
});

describe("examples/multi-tenant-server.ts", () => {
  const audit: CallRecord[] = [];
  const notes = createNotesServer({ audit: (record) => audit.push(record) });
  let base = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => notes.server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(notes.server.address() as AddressInfo).port}`;
  });
  afterAll(() => notes.close());

  interface Answer {
    status: number;
    body: { stdout?: string; stderr?: string; exitCode?: number; error?: string };
  }

  async function run(token: string | undefined, script: unknown): Promise<Answer> {
    const response = await fetch(`${base}/run`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: JSON.stringify({ script }),
    });
    return { status: response.status, body: (await response.json()) as Answer["body"] };
  }

  it("runs each request's script for its token's tenant; two tenants' data never cross", async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      run(i % 2 === 0 ? "token-acme" : "token-globex", `add_note --text "note ${i}" | jq -r .tenant`),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.body.stdout)).toEqual(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? "acme\n" : "globex\n")),
    );
    const acme = await run("token-acme", "list_notes | jq -r '.[]' | sort -V");
    const globex = await run("token-globex-viewer", "list_notes | jq -r '.[]' | sort -V");
    expect(acme.body.stdout).toBe(
      `${[0, 2, 4, 6, 8, 10, 12, 14, 16, 18].map((i) => `note ${i}`).join("\n")}\n`,
    );
    expect(globex.body.stdout).toBe(
      `${[1, 3, 5, 7, 9, 11, 13, 15, 17, 19].map((i) => `note ${i}`).join("\n")}\n`,
    );
    const tenants = new Set(audit.map((record) => `${record.tenant}`));
    expect(tenants).toEqual(new Set(["acme", "globex"]));
  });

  it("lets the policy see the tenant and its role: a viewer cannot write", async () => {
    const answer = await run("token-globex-viewer", 'add_note --text sneaky || echo "refused $?"');
    expect(answer).toEqual({
      status: 200,
      body: {
        stdout: "refused 126\n",
        stderr: "add_note: denied: globex viewers cannot write\n",
        exitCode: 0,
      },
    });
  });

  it("refuses unknown tokens and malformed bodies", async () => {
    expect((await run("token-nobody", "list_notes")).status).toBe(401);
    expect((await run(undefined, "list_notes")).status).toBe(401);
    expect(await run("token-acme", 42)).toEqual({ status: 400, body: { error: "script must be a string" } });
  });
});

describe.skipIf(redisMissing)("examples/replicas.ts", () => {
  it("shares a limit of 5 a minute across two replicas, and cancels a run on one through the other", async () => {
    const redis = await sharedRedis();
    try {
      const lines: string[] = [];
      const summary = await replicas(redis.url, (line) => lines.push(line));
      expect(lines).toEqual([
        "replica A: ok ok ok ok",
        "replica B: ok limited limited limited",
        "the export started on A was cancelled through B",
      ]);
      expect(summary.events).toEqual(["export started", "export cancelled"]);
    } finally {
      await redis.stop();
    }
  });
});
