/**
 * The main job: one script tool over an e-commerce API. Runs three scripts a model might write, prints each
 * script, its output and its trace, and checks the output. `npm start` runs it.
 */
import { pathToFileURL } from "node:url";
import { type ExecuteResult, ScriptedTool } from "../src/index.js";
import { ecommerceTools } from "./ecommerce-tools.js";

export const scripts = {
  chain: `user=$(get_user --id 42)
name=$(echo "$user" | jq -r .name)
order=$(list_orders --user_id 42 --limit 1 | jq -c '.[0]')
product=$(get_product --product_id "$(jq -r .product_id <<<"$order")" | jq -r .name)
eta=$(get_shipping --order_id "$(jq -r .order_id <<<"$order")" | jq -r .eta)
echo "$name ordered $product, arriving $eta"`,
  loop: `for id in $(list_orders --user_id 42 | jq -r '.[].order_id'); do
  get_shipping --order_id "$id" | jq -r '"\\(.order_id): \\(.carrier) \\(.eta)"'
done`,
  recover: `get_user --id 9 || echo "no user 9, trying 7"
get_user --id 7 | jq -r .email
list_orders --user_id 7 --status lost`,
};

export const expected: Record<keyof typeof scripts, Pick<ExecuteResult, "stdout" | "exitCode">> = {
  chain: { stdout: "Jane Doe ordered Trail Running Shoes, arriving 2026-12-02\n", exitCode: 0 },
  loop: { stdout: "o-1001: DHL 2026-12-02\no-1002: UPS 2026-12-05\n", exitCode: 0 },
  recover: { stdout: "no user 9, trying 7\nbob@example.com\n", exitCode: 2 },
};

/** Runs every script; returns the results so a test can check them too. */
export async function main(print = true): Promise<Record<keyof typeof scripts, ExecuteResult>> {
  const api = new ScriptedTool({ name: "shop", description: "E-commerce API", tools: ecommerceTools });
  const results = {} as Record<keyof typeof scripts, ExecuteResult>;
  try {
    for (const [key, script] of Object.entries(scripts) as [keyof typeof scripts, string][]) {
      const result = await api.execute(script);
      results[key] = result;
      if (print) {
        console.log(
          `\n=== ${key} ===\n${script}\n--- stdout ---\n${result.stdout}--- stderr ---\n${result.stderr}`,
        );
        console.log(`--- exit ${result.exitCode}; trace ---`);
        for (const entry of result.trace) {
          console.log(
            `  ${entry.name} ${JSON.stringify(entry.params ?? {})} -> ${entry.exitCode} (${entry.durationMs} ms)`,
          );
        }
      }
      const want = expected[key];
      if (result.stdout !== want.stdout || result.exitCode !== want.exitCode) {
        throw new Error(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(result)}`);
      }
    }
    if (print) console.log("\nAll example scripts produced the expected output.");
  } finally {
    await api.close();
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
