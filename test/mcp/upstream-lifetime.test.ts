// Issue 16, item 9: an upstream MCP connection that is never closed kept the process alive after the program's
// last line. api.close() now closes the connections made for it, as it stops its workers.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FIXTURE = fileURLToPath(new URL("../fixtures/upstream-close-exit.ts", import.meta.url));

function runFixture(args: string[], timeout: number) {
  return spawnSync(process.execPath, ["--import", "tsx", FIXTURE, ...args], { encoding: "utf8", timeout });
}

describe("an upstream's connection and the process", () => {
  it("ends with api.close(): its commands go and the process exits by itself", () => {
    const child = runFixture([], 30_000);
    expect(child.error).toBeUndefined();
    expect({ status: child.status, stdout: child.stdout }).toEqual({ status: 0, stdout: "hello Ada\n[]\n" });
  }, 40_000);

  it("keeps the process alive while open (the reason to close it)", () => {
    const child = runFixture(["keep"], 8_000);
    expect(child.stdout).toContain("hello Ada\n");
    expect((child.error as NodeJS.ErrnoException | undefined)?.code).toBe("ETIMEDOUT");
  }, 20_000);
});

describe("api.close() while an upstream is still connecting", () => {
  it("closes the client it was making, and the process still exits by itself", () => {
    const child = runFixture(["close-while-connecting"], 30_000);
    expect(child.error).toBeUndefined();
    expect({ status: child.status, stdout: child.stdout }).toEqual({
      status: 0,
      stdout: "upstream_closed\n[]\n",
    });
  }, 40_000);
});
