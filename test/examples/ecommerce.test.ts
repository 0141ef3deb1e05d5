import { expect, it } from "vitest";
import { expected, main } from "../../examples/ecommerce.js";

it("runs the e-commerce example end to end with the expected output", async () => {
  const results = await main(false);
  for (const [key, want] of Object.entries(expected)) {
    expect(results[key as keyof typeof expected]).toMatchObject(want);
  }
  expect(results.chain.trace.map((entry) => entry.name)).toEqual([
    "get_user",
    "list_orders",
    "get_product",
    "get_shipping",
  ]);
  expect(results.recover.stderr).toBe(
    'get_user: callback failed\nlist_orders: --status: expected one of processing|shipped|delivered, got "lost"\nTry: help list_orders\n',
  );
});
