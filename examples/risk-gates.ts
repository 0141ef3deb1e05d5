/**
 * Risk levels and gates: tools declare a level (`safe` ... `critical`), `requireApproval` asks before every call
 * at or above `high`, and a deprecated tool still runs but says what to use instead. A tool returning MCP's result
 * shape (`{ content, structuredContent?, isError?, appData? }`) prints as an MCP result does; its appData reaches
 * only the host's records. `npx tsx examples/risk-gates.ts` runs it.
 */
import { pathToFileURL } from "node:url";
import { type CallRecord, type PolicyCall, requireApproval, ScriptedTool } from "../src/index.js";

export async function main(
  approve: (call: PolicyCall) => boolean = (call) => call.name !== "drop_table",
  log: (text: string) => void = (text) => process.stdout.write(text),
) {
  const asked: string[] = [];
  const records: CallRecord[] = [];
  const api = new ScriptedTool({
    name: "db",
    tools: [
      { name: "row_count", risk: "safe", execute: () => "42\n" },
      { name: "vacuum", risk: "medium", execute: () => "vacuumed\n" },
      { name: "truncate_logs", risk: "high", execute: () => "logs truncated\n" },
      { name: "drop_table", risk: "critical", execute: () => "dropped\n" },
      {
        name: "count_rows",
        risk: "safe",
        deprecated: { replacement: "row_count", message: "removed in v3" },
        execute: () => "42\n",
      },
      {
        name: "table_report",
        risk: "low",
        execute: () => ({
          content: [{ type: "text", text: "orders: 42 rows" }],
          structuredContent: { table: "orders", rows: 42 },
          appData: { queryPlan: "seq scan" },
        }),
      },
    ],
    policy: requireApproval({
      atOrAbove: "high",
      approve: (call) => {
        asked.push(`${call.name} (${call.risk.level})`);
        return approve(call);
      },
    }),
    onCall: (record) => records.push(record),
  });
  try {
    const result = await api.execute(
      'row_count; vacuum; truncate_logs; drop_table || echo "drop refused: $?"; count_rows; table_report | jq -r .rows',
    );
    log(`${result.stdout}${result.stderr}asked about: ${asked.join(", ")}\n`);
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      asked,
      appData: records.find((record) => record.name === "table_report")?.appData,
      deprecated: result.trace.find((entry) => entry.name === "count_rows")?.deprecated,
    };
  } finally {
    await api.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
