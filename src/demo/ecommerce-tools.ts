/**
 * A small in-memory e-commerce API: users, their orders, products and shipping. The CLI's default tools (`toolshell
 * run`, `prompt`, `mcp` and `repl` without `--tools`), and the tools of the runnable example, its test and the
 * benchmarks (bench/tools.mjs mirrors them in plain JS).
 */
import type { ToolDefinition } from "../tool/tool.js";

const users = new Map([
  [42, { id: 42, name: "Jane Doe", email: "jane@example.com", tier: "gold" }],
  [7, { id: 7, name: "Bob Stone", email: "bob@example.com", tier: "basic" }],
]);

const orders = [
  { order_id: "o-1001", user_id: 42, product_id: "p-1", quantity: 1, status: "shipped" },
  { order_id: "o-1002", user_id: 42, product_id: "p-2", quantity: 2, status: "processing" },
  { order_id: "o-1003", user_id: 7, product_id: "p-1", quantity: 1, status: "delivered" },
];

const products = new Map([
  ["p-1", { product_id: "p-1", name: "Trail Running Shoes", price: 89.5 }],
  ["p-2", { product_id: "p-2", name: "Merino Socks", price: 12 }],
]);

const shipments = new Map([
  ["o-1001", { order_id: "o-1001", carrier: "DHL", eta: "2026-12-02", tracking: "DHL123" }],
  ["o-1002", { order_id: "o-1002", carrier: "UPS", eta: "2026-12-05", tracking: "UPS987" }],
]);

/** The four tools, in JSON Schema: the package ships them as the CLI's defaults, and zod is an optional peer. */
export const ecommerceTools: ToolDefinition[] = [
  {
    name: "get_user",
    description: "Fetch a user by id",
    category: "crm",
    tags: ["users"],
    inputSchema: {
      type: "object",
      properties: { id: { type: "integer", description: "User id" } },
      required: ["id"],
    },
    execute: ({ id }) => {
      const user = users.get(id as number);
      if (!user) throw new Error(`user ${String(id)} not found`);
      return user;
    },
  },
  {
    name: "list_orders",
    description: "List a user's orders, newest first",
    category: "sales",
    tags: ["orders"],
    inputSchema: {
      type: "object",
      properties: {
        user_id: { type: "integer", description: "Owner of the orders" },
        status: {
          type: "string",
          enum: ["processing", "shipped", "delivered"],
          description: "Only orders in this status",
        },
        limit: { type: "integer", minimum: 1, maximum: 100, description: "At most this many" },
      },
      required: ["user_id"],
    },
    execute: ({ user_id, status, limit }) =>
      orders
        .filter((order) => order.user_id === user_id && (status === undefined || order.status === status))
        .slice(0, (limit as number | undefined) ?? 100),
  },
  {
    name: "get_product",
    description: "Fetch a product by id",
    category: "catalog",
    tags: ["products"],
    inputSchema: {
      type: "object",
      properties: { product_id: { type: "string", description: "Product id, e.g. p-1" } },
      required: ["product_id"],
      additionalProperties: false,
    },
    execute: ({ product_id }) => products.get(product_id as string) ?? null,
  },
  {
    name: "get_shipping",
    description: "Shipping status of an order",
    category: "sales",
    tags: ["orders", "shipping"],
    inputSchema: {
      type: "object",
      properties: { order_id: { type: "string" } },
      required: ["order_id"],
      additionalProperties: false,
    },
    execute: async ({ order_id }) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return shipments.get(order_id as string) ?? { order_id, carrier: null, eta: null };
    },
  },
];

/** The demo as a whole, in the shape a `--tools` module may export: what the CLI serves when given no tools. */
export const ecommerceToolset: { name: string; description: string; tools: ToolDefinition[] } = {
  name: "shop",
  description: "E-commerce API",
  tools: ecommerceTools,
};
