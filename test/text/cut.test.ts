import { describe, expect, it } from "vitest";
import { ScriptedTool } from "../../src/index.js";
import { cutMiddle, headAndTail } from "../../src/text/cut.js";
import { track } from "../helpers.js";

describe("head and tail cuts", () => {
  it.each([
    ["abcdefghij", 4, { head: "ab", tail: "ij", cut: 6 }],
    ["abcdefghij", 5, { head: "abc", tail: "ij", cut: 5 }],
    ["abcdefghij", 10, undefined],
    ["ééééé", 4, { head: "é", tail: "é", cut: 6 }], // two bytes each: never half a character
    ["éééé", 3, { head: "é", tail: "", cut: 6 }],
  ])("%j within %d bytes", (text, limit, expected) => {
    expect(headAndTail(text, limit)).toEqual(expected);
  });

  it("puts the marker on a line of its own", () => {
    expect(cutMiddle("1\n2\n3\n4\n5\n", 4, (cut) => `[${cut} cut]`)).toEqual({
      text: "1\n[6 cut]\n5\n",
      cut: 6,
    });
    expect(cutMiddle("short", 10, () => "never")).toEqual({ text: "short", cut: 0 });
  });
});

describe("per-tool output budgets and out", () => {
  const rows = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `row ${index}` }));
  const api = track(
    new ScriptedTool({
      name: "budget",
      limits: { maxOutputBytes: 2_000 },
      tools: [
        { name: "big", maxOutputBytes: 200, execute: () => rows },
        {
          name: "lines",
          execute: () => Array.from({ length: 10 }, (_, index) => `line ${index + 1}\n`).join(""),
        },
      ],
    }),
  );
  const full = `${JSON.stringify(rows)}\n`;

  it("cuts what a tool passes on past its own budget, naming the call that keeps all of it", async () => {
    const result = await api.execute("big");
    const cut = Buffer.byteLength(full) - 200;
    expect(result.stdout).toBe(
      `${full.slice(0, 100)}\n[toolshell: ${cut} bytes of big's output cut (budget 200 bytes); all of it: out ` +
        `${result.trace[0]?.callId} [--head N | --tail N | --range A:B]]\n${full.slice(-100)}`,
    );
  });

  it("keeps every call's whole output readable in the run with out", async () => {
    const result = await api.execute("big >/dev/null; out last | jq length; out last --range 0:8; echo");
    expect(result).toMatchObject({ stdout: '200\n[{"id":0\n', stderr: "", exitCode: 0 });
  });

  it("pages by lines and lists what it keeps", async () => {
    const result = await api.execute("lines >/dev/null; out last --head 2; out last --tail 1; out --list");
    expect(result.stdout).toBe(`line 1\nline 2\nline 10\n${result.trace[0]?.callId}\t71 bytes\n`);
  });

  it("says what it does not have", async () => {
    expect(await api.execute("out call_nope")).toMatchObject({
      stderr: "out: no output kept for call_nope in this run (see out --list)\n",
      exitCode: 1,
    });
    expect(await api.execute("lines >/dev/null; out last --head x")).toMatchObject({
      stderr: "usage: out <call id | last> [--head N | --tail N | --range A:B] | out --list\n",
      exitCode: 2,
    });
  });

  it("never cuts pipes inside the run to the run's budget", async () => {
    const result = await api.execute(
      "for i in 1 2 3 4 5 6 7 8 9 10; do lines; done | wc -c; out last | wc -l",
    );
    expect(result.stdout).toBe("710\n10\n");
  });

  it("keeps at most maxKeptOutputBytes of tool output per run, dropping the oldest first", async () => {
    const capped = track(
      new ScriptedTool({
        name: "kept",
        limits: { maxKeptOutputBytes: 150 },
        tools: [
          { name: "lines", execute: () => Array.from({ length: 10 }, (_, i) => `line ${i + 1}\n`).join("") },
        ],
      }),
    );
    const result = await capped.execute(
      "lines >/dev/null; lines >/dev/null; lines >/dev/null; out --list | wc -l",
    );
    expect(result.stdout).toBe("2\n");
    const dropped = await capped.execute(
      'lines >/dev/null; id=$(out --list | cut -f1); lines >/dev/null; lines >/dev/null; out "$id"',
    );
    expect(dropped).toMatchObject({
      stdout: "",
      stderr: `out: the output of ${dropped.trace[0]?.callId} was dropped: a run keeps at most 150 bytes of tool output (oldest dropped first)\n`,
      exitCode: 1,
    });
  });

  it("cuts what one call may return at 16 MiB, around a marker", async () => {
    const huge = track(
      new ScriptedTool({ name: "huge", tools: [{ name: "huge", execute: () => "x".repeat(20 * 2 ** 20) }] }),
    );
    const marker = `[toolshell: ${4 * 2 ** 20} bytes of huge's output cut: one call may return at most ${16 * 2 ** 20} bytes]`;
    const result = await huge.execute("huge | wc -c; huge | grep -c toolshell", { timeoutMs: 20_000 });
    expect(result).toMatchObject({ stdout: `${16 * 2 ** 20 + marker.length + 2}\n1\n`, exitCode: 0 });
  });

  it("refuses a budget too small to be useful at registration", () => {
    expect(
      () => new ScriptedTool({ name: "x", tools: [{ name: "t", maxOutputBytes: 10, execute: () => "" }] }),
    ).toThrow("t: maxOutputBytes must be a whole number of at least 64");
  });
});
