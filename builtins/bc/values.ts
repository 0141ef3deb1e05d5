// bc's number literals read in `ibase`, and the escapes of `print` strings.

import { type BcNumber, tenTo } from "./number.js";

function digitValue(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 55;
}

/**
 * A literal as GNU bc reads it: a one-character literal is that digit's value whatever `ibase` is (`A` is 10);
 * in a longer one each digit of `ibase` or more counts as ibase - 1. A fraction of n digits keeps n decimals.
 */
export function parseLiteral(text: string, base: number): BcNumber {
  if (text.length === 1) return { digits: BigInt(digitValue(text)), scale: 0 };
  const point = text.indexOf(".");
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? "" : text.slice(point + 1);
  const clamp = (char: string) => Math.min(digitValue(char), base - 1);
  if (base === 10 && /^[0-9]*$/.test(whole) && /^[0-9]*$/.test(fraction)) {
    return { digits: BigInt(`${whole}${fraction}` || "0"), scale: fraction.length };
  }
  const big = BigInt(base);
  let integer = 0n;
  for (const char of whole) integer = integer * big + BigInt(clamp(char));
  if (fraction === "") return { digits: integer, scale: 0 };
  let numerator = 0n;
  for (const char of fraction) numerator = numerator * big + BigInt(clamp(char));
  const scale = fraction.length;
  const part = (numerator * tenTo(scale)) / big ** BigInt(scale);
  return { digits: integer * tenTo(scale) + part, scale };
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
