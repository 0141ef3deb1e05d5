// bc's number literals read in `ibase`, and the escapes of `print` strings.

import { MAX_BC_DIGITS } from "../../src/limits.js";
import { type BcNumber, tenTo, tooLong } from "./number.js";

function digitValue(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 55;
}

/**
 * A literal as GNU bc reads it: a one-character integer part is that digit's value whatever `ibase` is (`A` is 10);
 * in a longer one each digit of `ibase` or more counts as ibase - 1. A fraction of n digits keeps n decimals.
 */
export function parseLiteral(text: string, base: number): BcNumber {
  if (text.length > MAX_BC_DIGITS + 1) throw tooLong();
  if (text.length === 1) return { digits: BigInt(digitValue(text)), scale: 0 };
  const point = text.indexOf(".");
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? "" : text.slice(point + 1);
  const clamp = (char: string) => Math.min(digitValue(char), base - 1);
  if (base === 10 && /^[0-9]*$/.test(whole) && /^[0-9]*$/.test(fraction)) {
    return { digits: BigInt(`${whole}${fraction}` || "0"), scale: fraction.length };
  }
  const big = BigInt(base);
  // GNU keeps a one-digit integer part as it is, leading zeros aside (ibase=3: 5.0 is 5.0, 05 is 5, 15 is 5).
  const significant = whole.replace(/^0+/, "");
  const integer =
    significant.length === 1 ? BigInt(digitValue(significant)) : digitsValue(significant, base, clamp);
  if (fraction === "") return { digits: integer, scale: 0 };
  const numerator = digitsValue(fraction, base, clamp);
  const scale = fraction.length;
  const part = (numerator * tenTo(scale)) / big ** BigInt(scale);
  return { digits: integer * tenTo(scale) + part, scale };
}

/** The digits' value, taken eight digits at a time (one BigInt step per digit is quadratic in fewer steps). */
function digitsValue(text: string, base: number, clamp: (char: string) => number): bigint {
  const step = BigInt(base) ** 8n;
  let value = 0n;
  let index = 0;
  const head = text.length % 8;
  for (; index < text.length; ) {
    const size = index === 0 && head > 0 ? head : 8;
    let chunk = 0;
    for (let end = index + size; index < end; index++) chunk = chunk * base + clamp(text[index] ?? "0");
    value = value * (size === 8 ? step : BigInt(base) ** BigInt(size)) + BigInt(chunk);
  }
  return value;
}

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ["a", "\x07"],
  ["b", "\b"],
  ["f", "\f"],
  ["n", "\n"],
  ["r", "\r"],
  ["q", '"'],
  ["t", "\t"],
  ["\\", "\\"],
]);

/** A `print` string with GNU's escapes; an unknown escape prints nothing. */
export function printText(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\([\s\S]?)/g, (_match, char: string) => ESCAPES.get(char) ?? "");
}
