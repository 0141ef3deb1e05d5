// The tool process wire format: 4-byte big-endian length, then UTF-8 JSON (src/process/frames.ts).
import { describe, expect, it } from "vitest";
import { encodeFrame, FrameReader } from "../../src/process/frames.js";

function raw(body: Buffer | string, length?: number): Buffer {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  const head = Buffer.alloc(4);
  head.writeUInt32BE(length ?? bytes.length);
  return Buffer.concat([head, bytes]);
}

describe("frames", () => {
  it("reads frames however the stream cuts them, byte by byte or several in one chunk", () => {
    const stream = Buffer.concat([
      encodeFrame({ type: "A", text: "héllo ✓" }),
      encodeFrame({ type: "B", n: 1 }),
      encodeFrame({ type: "C" }),
    ]);
    const reader = new FrameReader();
    const byByte = [...stream].flatMap((byte) => reader.push(Buffer.from([byte])));
    expect(byByte).toEqual([{ type: "A", text: "héllo ✓" }, { type: "B", n: 1 }, { type: "C" }]);
    expect(reader.pending).toBe(0);
    expect(new FrameReader().push(stream)).toHaveLength(3);
  });

  it("writes the length big-endian before the JSON", () => {
    const frame = encodeFrame({ type: "ToolHello", protocol_version: 1 });
    const json = '{"type":"ToolHello","protocol_version":1}';
    expect(frame.readUInt32BE(0)).toBe(json.length);
    expect(frame.subarray(4).toString()).toBe(json);
  });

  it.each([
    [
      "a length over the limit, without waiting for its bytes",
      raw("", 16 * 1024 * 1024 + 1),
      /over the limit of 16777216 bytes/,
    ],
    ["bytes that are not UTF-8", raw(Buffer.from([0x7b, 0xff, 0x7d])), /not UTF-8/],
    ["text that is not JSON", raw("{nope"), /not JSON/],
    ["JSON that is not an object", raw("[1,2]"), /not a JSON object/],
    ["an object without a string type", raw('{"type":3}'), /no string `type`/],
  ])("refuses %s, and stays refused", (_what, bytes, message) => {
    const reader = new FrameReader();
    expect(() => reader.push(bytes)).toThrow(message);
    expect(() => reader.push(encodeFrame({ type: "A" }))).toThrow(message);
  });

  it("refuses to write a frame over the limit", () => {
    expect(() => encodeFrame({ type: "A", text: "x".repeat(100) }, 50)).toThrow(/over the limit of 50 bytes/);
  });
});
