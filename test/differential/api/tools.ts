/**
 * The mock tool API of the differential suite, for toolshell: the definitions and data come from fixtures.json, the
 * same file the bash side's executables (mock-tool.sh) answer from, so both shells see the same API.
 */
import { readFileSync } from "node:fs";
import { type ToolDefinition, ToolError } from "../../../src/index.js";

interface User {
  id: number;
  team: string;
  active: boolean;
}
interface Order {
  id: number;
  user_id: number;
}
interface Product {
  sku: string;
  name: string;
  category: string;
}
interface Fixtures {
  tools: Record<string, { description: string; inputSchema: ToolDefinition["inputSchema"] }>;
  users: User[];
  orders: Order[];
  products: Product[];
  inventory: Record<string, unknown>;
  weather: Record<string, unknown>;
}

const fixtures = JSON.parse(readFileSync(new URL("fixtures.json", import.meta.url), "utf8")) as Fixtures;

/** ASCII-only lowercase, as jq's ascii_downcase on the bash side. */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function lookup<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function userById(id: number): User {
  const user = fixtures.users.find((candidate) => candidate.id === id);
  if (user === undefined) throw new ToolError(`no user with id ${id}`, { exitCode: 1 });
  return user;
}

type Handler = (params: Record<string, unknown>) => unknown;

const handlers: Record<string, Handler> = {
  get_user: ({ id }) => userById(id as number),
  list_users: ({ team, active }) =>
    fixtures.users.filter(
      (user) =>
        (team === undefined || user.team === team) && (active === undefined || user.active === active),
    ),
  get_orders: ({ user_id }) => {
    userById(user_id as number);
    return fixtures.orders.filter((order) => order.user_id === user_id);
  },
  get_order: ({ id }) => {
    const order = fixtures.orders.find((candidate) => candidate.id === id);
    if (order === undefined) throw new ToolError(`no order with id ${id}`, { exitCode: 1 });
    return order;
  },
  search_products: ({ query, limit }) => {
    const needle = asciiLower(query as string);
    const found = fixtures.products.filter(
      (product) => asciiLower(product.name).includes(needle) || asciiLower(product.category).includes(needle),
    );
    return found.slice(0, (limit as number | undefined) ?? 10);
  },
  get_inventory: ({ sku }) => {
    const stock = lookup(fixtures.inventory, sku as string);
    if (stock === undefined) throw new ToolError(`no inventory for sku ${sku}`, { exitCode: 1 });
    return stock;
  },
  send_email: ({ to, subject, body }) => ({
    status: "queued",
    to,
    subject,
    bytes: Buffer.byteLength((body as string | undefined) ?? ""),
  }),
  create_ticket: ({ title, priority }) => ({
    id: `TCK-${1000 + Buffer.byteLength(title as string)}`,
    title,
    priority,
    status: "open",
  }),
  get_weather: ({ city }) => {
    const weather = lookup(fixtures.weather, city as string);
    if (weather === undefined) throw new ToolError(`unknown city: ${city}`, { exitCode: 1 });
    return weather;
  },
};

/** The tools, in the order fixtures.json lists them. */
export const mockTools: ToolDefinition[] = Object.entries(fixtures.tools).map(([name, tool]) => {
  const handler = handlers[name];
  if (handler === undefined) throw new Error(`fixtures.json: tool ${name} has no handler in tools.ts`);
  return {
    name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    execute: (params: Record<string, unknown>) => handler(params),
  };
});

/** The tool names, for the bash side's executables. */
export const mockToolNames: string[] = Object.keys(fixtures.tools);

/** Each tool's input schema, for the bash side's executables. */
export const mockToolSchemas: Map<string, Record<string, unknown>> = new Map(
  Object.entries(fixtures.tools).map(([name, tool]) => [name, tool.inputSchema as Record<string, unknown>]),
);
