// The HTTP server's session pool on its own (TM-ISO-002): what it keeps per tenant. Its caps and eviction order
// are tested through a real server in mcp.server-http.test.ts.
import { describe, expect, it } from "vitest";
import { SessionPool } from "../../src/mcp/server-sessions.js";

describe("SessionPool", () => {
  it("keeps nothing for a tenant once its initializes are done, however many tenants came", () => {
    const pool = new SessionPool(10, 2);
    for (let index = 0; index < 1_000; index++) {
      expect(pool.reserve(`tenant-${index}`)).toBeUndefined();
      pool.release(`tenant-${index}`);
    }
    // White-box: the count of initializes under way, per tenant, must not keep a zero entry per tenant ever seen.
    expect(Reflect.get(pool, "opening")).toEqual(new Map());
  });
});
