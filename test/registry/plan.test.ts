import { describe, expect, it } from "vitest";
import { ecommerceTools } from "../../examples/ecommerce-tools.js";
import { ScriptedTool, type ToolDefinition } from "../../src/index.js";
import { MODES, track } from "../helpers.js";

const writes: string[] = [];
const readOnlyShop = ecommerceTools.map((tool) => ({ ...tool, risk: { readOnly: true } }));
const tools: ToolDefinition[] = [
  ...readOnlyShop,
  {
    name: "cancel_order",
    inputSchema: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
    execute: ({ order_id }) => {
      writes.push(String(order_id));
      return { cancelled: order_id };
    },
  },
];

const SCRIPT = `for id in $(list_orders --user_id 42 --status processing | jq -r '.[].order_id'); do
  cancel_order --order_id "$id" | jq -c .
done
echo "user: $(get_user --id 42 | jq -r .name)"`;

describe.each(MODES)("plan mode (%s)", (mode) => {
  const api = track(new ScriptedTool({ name: "plan", isolation: mode, tools }));

  it("runs read-only tools, records the intended writes without running them, and answers with a placeholder", async () => {
    writes.length = 0;
    const result = await api.execute(SCRIPT, { plan: true });
    const callId = result.plannedCalls?.[0]?.callId;
    expect(result).toMatchObject({
      stdout: `{"planned":true,"tool":"cancel_order","callId":"${callId}"}\nuser: Jane Doe\n`,
      exitCode: 0,
      plannedCalls: [{ name: "cancel_order", params: { order_id: "o-1002" } }],
    });
    expect(writes).toEqual([]);
    expect(result.trace.map((entry) => [entry.name, entry.planned ?? false])).toEqual([
      ["list_orders", false],
      ["cancel_order", true],
      ["get_user", false],
    ]);
  });

  it("still validates the planned calls' params", async () => {
    const result = await api.execute("cancel_order --order_id", { plan: true });
    expect(result.exitCode).toBe(2);
    expect(result.plannedCalls).toEqual([]);
  });

  it("then runs for real without plan", async () => {
    writes.length = 0;
    const result = await api.execute(SCRIPT);
    expect(result.stdout).toBe('{"cancelled":"o-1002"}\nuser: Jane Doe\n');
    expect(writes).toEqual(["o-1002"]);
    expect(result.plannedCalls).toBeUndefined();
  });
});
