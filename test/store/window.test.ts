import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../src/store/window.js";

describe("RateLimiter (a fake clock)", () => {
  it("allows `calls` per sliding `perMs`", () => {
    let now = 0;
    const limiter = new RateLimiter({ calls: 2, perMs: 100 }, () => now);
    limiter.take();
    now = 50;
    limiter.take();
    expect(limiter.allows()).toBe(false);
    now = 100;
    expect(limiter.allows()).toBe(true);
    limiter.take();
    expect(limiter.allows()).toBe(false);
    now = 150;
    expect(limiter.allows()).toBe(true);
  });
});
