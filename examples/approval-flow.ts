/**
 * An approval flow: run a model's script in plan mode to see what it would change, show the intended writes for
 * one approval, then run it for real. Then the per-call alternative, `askForDestructive`: every destructive call
 * waits for an approver. `npx tsx examples/approval-flow.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import { askForDestructive, type PlannedCall, ScriptedTool, type ToolDefinition } from "../src/index.js";

interface Account {
  id: number;
  email: string;
  lastLogin: string;
  active: boolean;
}

/** A small account store and its tools: reads are read-only; deactivating is a write, deleting is destructive. */
function accountTools(accounts: Account[]): ToolDefinition[] {
  const byId = (id: unknown) => accounts.find((account) => account.id === id);
  return [
    {
      name: "list_accounts",
      description: "List accounts that have not logged in since a date",
      risk: { readOnly: true },
      inputSchema: {
        type: "object",
        properties: { before: { type: "string", description: "ISO date" } },
        required: ["before"],
      },
      execute: ({ before }) =>
        accounts.filter((account) => account.active && account.lastLogin < String(before)),
    },
    {
      name: "deactivate_account",
      description: "Deactivate an account (reversible)",
      risk: { readOnly: false, destructive: false, idempotent: true },
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      execute: ({ id }) => {
        const account = byId(id);
        if (account) account.active = false;
        return { id, active: false };
      },
    },
    {
      name: "delete_account",
      description: "Delete an account for good",
      risk: { destructive: true },
      inputSchema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
      execute: ({ id }) => {
        const index = accounts.findIndex((account) => account.id === id);
        if (index >= 0) accounts.splice(index, 1);
        return { id, deleted: true };
      },
    },
  ];
}

function sampleAccounts(): Account[] {
  return [
    { id: 1, email: "ana@example.com", lastLogin: "2026-11-20", active: true },
    { id: 2, email: "bo@example.com", lastLogin: "2025-01-03", active: true },
    { id: 3, email: "cy@example.com", lastLogin: "2024-06-30", active: true },
  ];
}

/** The script a model might write: deactivate every account idle since 2026. */
export const script = `for id in $(list_accounts --before 2026-01-01 | jq -r '.[].id'); do
  deactivate_account --id "$id" | jq -r '"deactivated \\(.id)"'
done`;

/** What the example shows, for its test. */
export interface ApprovalFlowSummary {
  planned: PlannedCall[];
  /** Accounts still active after the plan run: nothing was written. */
  activeAfterPlan: number[];
  approvedOutput: string;
  activeAfterRun: number[];
  /** The askForDestructive part: the script's output and stderr, and what the approver was asked. */
  askedFor: string[];
  guardedStdout: string;
  guardedStderr: string;
  remaining: number[];
}

/** Runs the flow; `approve` stands for the human looking at the plan. */
export async function main(
  print = true,
  approve: (planned: PlannedCall[]) => boolean = () => true,
): Promise<ApprovalFlowSummary> {
  const log = print ? console.log : () => {};
  const accounts = sampleAccounts();
  const api = new ScriptedTool({ name: "admin", tools: accountTools(accounts) });
  try {
    // 1. Plan mode: read-only tools run, writes are recorded (params validated) and answered with a placeholder.
    const plan = await api.execute(script, { plan: true });
    const planned = plan.plannedCalls ?? [];
    log("The script would make these changes:");
    for (const call of planned) log(`  ${call.name} ${JSON.stringify(call.params)}`);
    const activeAfterPlan = accounts.filter((account) => account.active).map((account) => account.id);

    // 2. One approval for the whole plan, then the real run.
    let approvedOutput = "";
    if (approve(planned)) {
      const run = await api.execute(script);
      approvedOutput = run.stdout;
      log(`Approved; ran for real:\n${run.stdout}`);
    } else {
      log("Not approved; nothing ran.");
    }
    const activeAfterRun = accounts.filter((account) => account.active).map((account) => account.id);

    // 3. askForDestructive: destructive calls wait for an approver, one by one; the script sees a refusal.
    const askedFor: string[] = [];
    const guarded = new ScriptedTool({
      name: "admin",
      tools: accountTools(accounts),
      policy: askForDestructive(async (call) => {
        askedFor.push(`${call.name} ${JSON.stringify(call.params)}`);
        return call.params.id !== 1; // the approver refuses to delete account 1
      }),
    });
    const result = await guarded.execute(
      'delete_account --id 3 | jq -c .; delete_account --id 1 || echo "kept account 1 (exit $?)"',
    );
    log(`askForDestructive asked about: ${askedFor.join("; ")}\n${result.stdout}${result.stderr}`);
    return {
      planned,
      activeAfterPlan,
      approvedOutput,
      activeAfterRun,
      askedFor,
      guardedStdout: result.stdout,
      guardedStderr: result.stderr,
      remaining: accounts.map((account) => account.id),
    };
  } finally {
    await api.close(); // both tools run on the same shared worker pool: one close stops it
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
