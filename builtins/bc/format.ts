// How GNU bc writes a number in `obase`, and its output column: after BC_LINE_LENGTH - 2 characters a line
// ends in a backslash and go on on the next line.

import { type BcNumber, digitCount, tenTo } from "./number.js";

const DIGITS = "0123456789ABCDEF";

function digitText(digit: number, base: number, first: boolean): string {
  if (base <= 16) return DIGITS[digit] ?? "?";
  const width = digitCount(BigInt(base - 1));
  const text = String(digit).padStart(width, "0");
  return first ? text : ` ${text}`;
}

/**
 * The digits of `value` in `base`, most significant first, at least `length` of them (zero-padded). Split in halves
 * by squares of the base, so a 100,000-digit number converts in a fraction of a second (one digit at a time took
 * 6.6 s in base 17).
 */
function baseDigits(value: bigint, base: bigint, length: number): number[] {
  const powers = [base];
  let top = base;
  while (top * top <= value || 2 ** powers.length < length) {
    top *= top;
    powers.push(top);
  }
  const digits: number[] = [];
  // Writes v (< base^(2^(level+1))) as exactly 2^(level+1) digits when padded, else without leading zeros.
  const walk = (v: bigint, level: number, padded: boolean): void => {
    if (level < 0) {
      if (padded || v > 0n || digits.length > 0) digits.push(Number(v));
      return;
    }
    const power = powers[level] as bigint;
    const high = v / power;
    if (padded || high > 0n) walk(high, level - 1, padded);
    walk(v % power, level - 1, padded || high > 0n);
  };
  walk(value, powers.length - 1, false);
  while (digits.length < length) digits.unshift(0);
  return digits.length > length && length > 0 ? digits.slice(digits.length - length) : digits;
}

function digitsText(digits: readonly number[], base: number, firstBare: boolean): string {
  if (base <= 16) return digits.map((digit) => DIGITS[digit] ?? "?").join("");
  return digits.map((digit, index) => digitText(digit, base, firstBare && index === 0)).join("");
}

function integerText(value: bigint, base: number): string {
  if (base === 10) return value.toString();
  if (base <= 16) return value.toString(base).toUpperCase();
  return digitsText(baseDigits(value, BigInt(base), 0), base, false);
}

/**
 * GNU writes a fraction of scale s in another base digit by digit while base^k < 10^s: those n digits are the
 * integer fraction * base^n / 10^s, written with n digits.
 */
function fractionText(fraction: bigint, scale: number, base: number): string {
  if (base === 10) return fraction.toString().padStart(scale, "0");
  const one = tenTo(scale);
  const big = BigInt(base);
  let count = 0;
  let place = 1n;
  for (; place < one; place *= big) count++;
  const value = (fraction * place) / one;
  if (base <= 16) return value.toString(base).toUpperCase().padStart(count, "0");
  return digitsText(baseDigits(value, big, count), base, true);
}

/** The number as GNU bc prints it in `base`: `.5` not `0.5`, `-.5`, zero as `0`, trailing zeros kept. */
export function formatNumber(number: BcNumber, base: number): string {
  if (number.digits === 0n) return number.negativeZero ? "-0" : "0";
  const negative = number.digits < 0n;
  const magnitude = negative ? -number.digits : number.digits;
  const unit = tenTo(number.scale);
  const whole = magnitude / unit;
  let text = negative ? "-" : "";
  if (whole > 0n) text += integerText(whole, base);
  if (number.scale > 0) text += `.${fractionText(magnitude % unit, number.scale, base)}`;
  return text;
}

/** bc's stdout with GNU's line wrapping; stops the program once it holds more than `maxBytes`. */
export class BcOutput {
  /** Joined pieces of about CHUNK characters: a string per `print` would cost far more than its bytes. */
  private readonly chunks: string[] = [];
  private pending: string[] = [];
  private pendingSize = 0;
  private column = 0;
  private size = 0;

  constructor(
    private readonly lineLength: number,
    private readonly maxBytes: number,
    private readonly onFull: () => Error,
  ) {}

  write(text: string): void {
    if (this.lineLength === 0) {
      const newline = text.lastIndexOf("\n");
      this.column = newline < 0 ? this.column + text.length : text.length - newline - 1;
      this.push(text);
      return;
    }
    const wrap = this.lineLength - 2;
    let start = 0;
    for (let index = 0; index < text.length; index++) {
      if (text.charCodeAt(index) === 10) {
        this.column = 0;
        continue;
      }
      if (this.column === wrap) {
        this.push(text.slice(start, index));
        this.push("\\\n");
        start = index;
        this.column = 0;
      }
      this.column++;
    }
    this.push(start === 0 ? text : text.slice(start));
  }

  private push(text: string): void {
    if (this.size + text.length > this.maxBytes) {
      // TM-BC-001: cut at the cap exactly, then stop the program.
      this.pending.push(text.slice(0, this.maxBytes - this.size));
      this.size = this.maxBytes;
      throw this.onFull();
    }
    this.pending.push(text);
    this.pendingSize += text.length;
    this.size += text.length;
    if (this.pendingSize >= CHUNK) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    this.chunks.push(this.pending.join(""));
    this.pending = [];
    this.pendingSize = 0;
  }

  text(): string {
    this.flush();
    return this.chunks.join("");
  }
}

const CHUNK = 65_536;
