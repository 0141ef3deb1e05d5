// RedisStore without a Redis to reach, and its options: what a host sees before anything is shared.
import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { RedisStore } from "../../src/redis/index.js";
import { track } from "../helpers.js";
import { freePort } from "../redis-server.js";

describe("RedisStore before it reaches Redis", () => {
  it("ready() rejects within its timeout saying why, and calls get their onStoreError decision", async () => {
    const store = new RedisStore({ url: `redis://127.0.0.1:${await freePort()}`, timeoutMs: 100 });
    try {
      const started = Date.now();
      await expect(store.ready(300)).rejects.toThrow(/^Redis is unreachable \(/);
      expect(Date.now() - started).toBeLessThan(2000);
      const api = track(
        new ScriptedTool({
          name: "offline",
          isolation: "inline",
          store,
          tools: [
            {
              name: "t",
              description: "Limited.",
              rateLimit: { calls: 5, perMs: 1000 },
              execute: () => "ok\n",
            },
          ],
        }),
      );
      const result = await api.call("t", {});
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error.message).toMatch(
          "t: rate limit unavailable (its state store did not answer); try again later",
        );
    } finally {
      await store.close();
    }
    await expect(store.ready()).rejects.toThrow("the Redis store is closed");
  });

  it("refuses a prefix or timeout it cannot use", () => {
    expect(() => new RedisStore({ prefix: "has space" })).toThrow("prefix must be 1-64 letters");
    expect(() => new RedisStore({ timeoutMs: 0 })).toThrow(
      "timeoutMs must be a number of ms from 1 to 60000",
    );
  });
});
