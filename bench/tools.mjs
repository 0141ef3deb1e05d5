// The work every implementation does: the demo e-commerce API of examples/ecommerce-tools.ts (mirrored here in
// plain JS with JSON Schemas, because the bench runs against the compiled library and examples/ is not built),
// a catalog of 200 tools, the large JSON arrays of the jq cases and the slow async tools of the fan-out case.
// Callbacks return plain values; each implementation turns them into its own result type.

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

/**
 * A tool: name, description, JSON Schema and a synchronous callback returning a JSON value (or a string, written
 * as is). Synchronous so that bashkit (whose callbacks must return a string synchronously) does the same work;
 * the example's get_shipping waits 1 ms, this one does not.
 */
const getUser = {
  name: "get_user",
  description: "Fetch a user by id",
  inputSchema: {
    type: "object",
    properties: { id: { type: "integer", description: "User id" } },
    required: ["id"],
  },
  run: ({ id }) => users.get(id) ?? null,
};

export const shopTools = [
  getUser,
  {
    name: "list_orders",
    description: "List a user's orders, newest first",
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
      additionalProperties: false,
    },
    run: ({ user_id, status, limit }) =>
      orders
        .filter((order) => order.user_id === user_id && (status === undefined || order.status === status))
        .slice(0, limit ?? 100),
  },
  {
    name: "get_product",
    description: "Fetch a product by id",
    inputSchema: {
      type: "object",
      properties: { product_id: { type: "string", description: "Product id, e.g. p-1" } },
      required: ["product_id"],
      additionalProperties: false,
    },
    run: ({ product_id }) => products.get(product_id) ?? null,
  },
  {
    name: "get_shipping",
    description: "Shipping status of an order",
    inputSchema: {
      type: "object",
      properties: { order_id: { type: "string" } },
      required: ["order_id"],
      additionalProperties: false,
    },
    run: ({ order_id }) => shipments.get(order_id) ?? { order_id, carrier: null, eta: null },
  },
];

export const PAGES = 100;

/**
 * `list_items --page N --per_page M`: page N of a catalog of PAGES pages, `next_page` null on the last one. The
 * agent-pace bench's pagination row walks it with jq.
 */
export const listItems = {
  name: "list_items",
  description: `List catalog items, one page at a time (${PAGES} pages)`,
  inputSchema: {
    type: "object",
    properties: {
      page: { type: "integer", minimum: 1, description: "Page number, from 1" },
      per_page: { type: "integer", minimum: 1, maximum: 100, description: "Items per page" },
    },
    required: ["page"],
    additionalProperties: false,
  },
  run: ({ page, per_page }) => {
    const size = per_page ?? 20;
    const items = Array.from({ length: size }, (_, i) => {
      const id = (page - 1) * size + i + 1;
      return { id, name: `item-${id}`, price: Math.round(id * 137) / 100 };
    });
    return { items, page, next_page: page < PAGES ? page + 1 : null };
  },
};

/** The agent-pace bench's tools: the shop's four and list_items. */
export const agentTools = [...shopTools, listItems];

/** 200 tools: get_user plus 199 plausible ones with small schemas of their own. */
export const manyTools = [getUser];
const verbs = ["get", "list", "create", "update", "delete", "search", "sync"];
const nouns = ["invoice", "ticket", "lead", "asset", "report", "payment", "contract", "shipment", "review"];
for (let i = 0; manyTools.length < 200; i++) {
  const verb = verbs[i % verbs.length];
  const noun = nouns[Math.floor(i / verbs.length) % nouns.length];
  const name = `${verb}_${noun}_${String(i).padStart(3, "0")}`;
  manyTools.push({
    name,
    description: `${verb} a ${noun} (service ${i})`,
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "integer", description: `The ${noun} id` },
        query: { type: "string", description: "Free text" },
        status: { type: "string", enum: ["open", "closed", "pending"] },
        limit: { type: "integer", minimum: 1, maximum: 500 },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["id"],
      additionalProperties: false,
    },
    run: (params) => ({ tool: name, ok: true, params }),
  });
}

/** A JSON array of objects `{ id, v, name }` of about `bytes` bytes; `v` cycles 0..19. */
export function jsonArray(bytes) {
  const items = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = JSON.stringify({ id: i, v: i % 20, name: `item-${String(i).padStart(7, "0")}` });
    items.push(item);
    size += item.length + 1;
  }
  return `[${items.join(",")}]`;
}

export const BIG_SIZES = { "1k": 1024, "1m": 1024 * 1024, "8m": 8 * 1024 * 1024 };

let bigCache;
/** The arrays of the jq cases, built once per process. */
export function bigArrays() {
  bigCache ??= Object.fromEntries(Object.entries(BIG_SIZES).map(([key, bytes]) => [key, jsonArray(bytes)]));
  return bigCache;
}

const counts = new Map();
/** How many items of the `key` array pass `select(.v > 10)` (computed once). */
export function selectedCount(key) {
  if (!counts.has(key)) counts.set(key, JSON.parse(bigArrays()[key]).filter((item) => item.v > 10).length);
  return counts.get(key);
}

/** The tools that return the arrays as JSON strings (no flags). */
export function bigTools() {
  const arrays = bigArrays();
  return Object.keys(BIG_SIZES).map((key) => ({
    name: `big_${key}`,
    description: `A JSON array of about ${key} bytes`,
    inputSchema: { type: "object", properties: {} },
    run: () => arrays[key],
  }));
}

export const FANOUT_DELAY_MS = 300;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const ITEM_DELAY_MS = 20;

/** Three tools that each wait 300 ms (asynchronously) and print their name, and one that waits 20 ms. */
export const fanoutTools = [
  ...["slow_a", "slow_b", "slow_c"].map((name) => ({
    name,
    description: `Waits ${FANOUT_DELAY_MS} ms, then prints ${name}`,
    inputSchema: { type: "object", properties: {} },
    run: async () => {
      await sleep(FANOUT_DELAY_MS);
      return `${name}\n`;
    },
  })),
  {
    name: "slow_item",
    description: `Waits ${ITEM_DELAY_MS} ms, then prints its id`,
    inputSchema: { type: "object", properties: { id: { type: "integer" } } },
    run: async ({ id }) => {
      await sleep(ITEM_DELAY_MS);
      return `${id}\n`;
    },
  },
];

/** What a tool's result looks like on stdout (toolshell's and bashkit's rule alike). */
export function render(value) {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  return `${JSON.stringify(value)}\n`;
}
