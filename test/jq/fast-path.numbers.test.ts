// The fast path reads a plain decimal (a price, a ratio) digit by digit; it must accept exactly the decimals that
// canonicalNumber (a regular expression and JavaScript's own number writing) accepts. Compared over generated
// decimals at the edges: 15 and 16 significant digits, five and six zeros after "0.", trailing zeros, signs.
import { describe, expect, it } from "vitest";
import { canonicalNumber, readInput } from "../../src/jq/fast/input.js";
import { createRandom, Picker } from "./fast/generate.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const acceptedInArray = (token: string) => readInput(bytes(`[${token}]`)) !== undefined;
const acceptedInObject = (token: string) => readInput(bytes(`{"price":${token},"n":1}`)) !== undefined;

function decimal(picker: Picker): string {
  const digits = (count: number) => Array.from({ length: count }, () => String(picker.int(10))).join("");
  const sign = picker.chance(0.3) ? "-" : "";
  const whole = picker.chance(0.35) ? "0" : `${1 + picker.int(9)}${digits(picker.int(16))}`;
  const zeros = whole === "0" && picker.chance(0.5) ? "0".repeat(picker.int(9)) : "";
  const fraction = `${zeros}${digits(picker.int(17))}${picker.chance(0.8) ? 1 + picker.int(9) : "0"}`;
  return `${sign}${whole}.${fraction}`;
}

describe("jq fast path: plain decimals", () => {
  it("accepts a decimal exactly when canonicalNumber does (20,000 generated, in arrays and objects)", () => {
    const picker = new Picker(createRandom(20261204));
    let accepted = 0;
    for (let index = 0; index < 20_000; index++) {
      const token = decimal(picker);
      const want = canonicalNumber(token);
      expect(acceptedInArray(token), token).toBe(want);
      expect(acceptedInObject(token), token).toBe(want);
      if (want) accepted++;
    }
    // Both sides of the edge were generated.
    expect(accepted).toBeGreaterThan(4_000);
    expect(accepted).toBeLessThan(16_000);
  });

  it.each([
    ["0.000001", true],
    ["0.0000001", false],
    ["-0.5", true],
    ["12.50", false],
    ["00.5", false],
    ["123456789012.345", true],
    ["1234567890123.456", true],
    ["9007199254740.993", false],
    ["0.123456789012345", true],
    ["0.1234567890123456", false],
    ["1.5e3", false],
  ])("reads %s as jq does: %s", (token, canonical) => {
    expect(canonicalNumber(token)).toBe(canonical);
    expect(acceptedInArray(token)).toBe(canonical);
  });
});
