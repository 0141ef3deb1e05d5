// serveToolProcess over streams the test owns: it answers frames, and takes only its own listeners off when done.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { encodeFrame, FrameReader } from "../../src/process/frames.js";
import { serveToolProcess } from "../../src/process/index.js";

describe("serveToolProcess", () => {
  it("answers ToolHello and a call, and leaves the input's other listeners as they were", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const theirs = () => {};
    input.on("data", theirs);
    input.on("end", theirs);
    const reader = new FrameReader();
    const frames: Record<string, unknown>[] = [];
    output.on("data", (chunk: Buffer) => frames.push(...(reader.push(chunk) as Record<string, unknown>[])));
    const served = serveToolProcess([{ name: "hi", execute: () => "hello\n" }], {
      input,
      output,
      log: () => {},
    });
    input.write(encodeFrame({ type: "ToolHello", protocol_version: 1 }));
    input.write(
      encodeFrame({ type: "InvokeTool", call_id: "c1", tool_name: "hi", input: {}, deadline_ms: 5_000 }),
    );
    await new Promise((done) => setTimeout(done, 500));
    input.end();
    await served;
    expect(frames.map((frame) => frame.type)).toEqual(["ToolRegister", "ToolResult"]);
    expect(frames[1]).toMatchObject({ call_id: "c1", output: "hello\n" });
    expect(input.listeners("data")).toEqual([theirs]);
    expect(input.listeners("end")).toEqual([theirs]);
    expect(input.listenerCount("close")).toBe(0);
    expect(input.listenerCount("error")).toBe(0);
  });
});
