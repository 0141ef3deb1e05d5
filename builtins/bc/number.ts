// bc's numbers: a BigInt of digits and a scale (digits after the point), value = digits / 10^scale. Every
// operation truncates (never rounds) to the scale GNU bc gives its result.

import { MAX_BC_DIGITS } from "../../src/limits.js";

export interface BcNumber {
  readonly digits: bigint;
  readonly scale: number;
  /** A negative power cut to zero, which GNU bc keeps signed and prints as `-0`. */
  readonly negativeZero?: boolean;
}

/** A runtime error bc reports and then goes on with the next line (GNU's wording). */
export class BcRuntimeError extends Error {
  /** The function it happened in, set as it leaves that function; none in the main program. */
  where: string | undefined;
}

/** A bound of toolshell's (TM-BC-001): bc stops the whole program. */
export class BcLimitError extends Error {}

export const ZERO: BcNumber = { digits: 0n, scale: 0 };
export const ONE: BcNumber = { digits: 1n, scale: 0 };

const POWERS: bigint[] = [1n];

export function tenTo(exponent: number): bigint {
  if (exponent < 256) {
    for (let index = POWERS.length; index <= exponent; index++) POWERS.push((POWERS[index - 1] ?? 1n) * 10n);
    return POWERS[exponent] ?? 1n;
  }
  return 10n ** BigInt(exponent);
}

/** How many decimal digits a BigInt has (0 has one); exact below 2^53, else within one. */
export function digitCount(value: bigint): number {
  const magnitude = value < 0n ? -value : value;
  if (magnitude < 9007199254740992n)
    return magnitude === 0n ? 1 : Math.floor(Math.log10(Number(magnitude))) + 1;
  return magnitude.toString().length;
}

/** Cheap upper bound on the decimal digits of a BigInt, from its bit length. */
function digitBound(value: bigint): number {
  const magnitude = value < 0n ? -value : value;
  return Math.ceil(magnitude.toString(16).length * 4 * Math.LOG10E * Math.LN2) + 1;
}

/** TM-BC-001: no number grows past MAX_BC_DIGITS. */
function bounded(number: BcNumber): BcNumber {
  if (number.scale > MAX_BC_DIGITS || digitBound(number.digits) > MAX_BC_DIGITS + 1) {
    if (number.scale > MAX_BC_DIGITS || digitCount(number.digits) > MAX_BC_DIGITS) throw tooLong();
  }
  return number;
}

export function tooLong(): BcLimitError {
  return new BcLimitError(
    `a number would have more than ${MAX_BC_DIGITS} digits (toolshell's cap for bc); ` +
      "use a smaller scale, exponent or operands",
  );
}

export function isZero(number: BcNumber): boolean {
  return number.digits === 0n;
}

/** The number with `scale` digits after the point: cut (toward zero) or padded with zeros. */
export function rescale(number: BcNumber, scale: number): BcNumber {
  if (scale === number.scale) return number;
  if (scale > number.scale) return { digits: number.digits * tenTo(scale - number.scale), scale };
  return { digits: number.digits / tenTo(number.scale - scale), scale };
}

/** Cuts to at most `scale` digits after the point (never pads). */
function truncate(number: BcNumber, scale: number): BcNumber {
  return number.scale > scale ? rescale(number, scale) : number;
}

export function negate(number: BcNumber): BcNumber {
  return { digits: -number.digits, scale: number.scale };
}

export function compare(left: BcNumber, right: BcNumber): number {
  const scale = Math.max(left.scale, right.scale);
  const a = rescale(left, scale).digits;
  const b = rescale(right, scale).digits;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function add(left: BcNumber, right: BcNumber): BcNumber {
  const scale = Math.max(left.scale, right.scale);
  return bounded({ digits: rescale(left, scale).digits + rescale(right, scale).digits, scale });
}

export function subtract(left: BcNumber, right: BcNumber): BcNumber {
  return add(left, negate(right));
}

/** GNU: the product keeps min(a+b, max(scale, a, b)) digits. */
export function multiply(left: BcNumber, right: BcNumber, scale: number): BcNumber {
  const full = left.scale + right.scale;
  const kept = Math.min(full, Math.max(scale, left.scale, right.scale));
  return bounded(truncate({ digits: left.digits * right.digits, scale: full }, kept));
}

/** The quotient cut to `scale` digits. */
export function divide(left: BcNumber, right: BcNumber, scale: number): BcNumber {
  if (right.digits === 0n) throw new BcRuntimeError("Divide by zero");
  const numerator = left.digits * tenTo(right.scale + scale);
  const denominator = right.digits * tenTo(left.scale);
  return bounded({ digits: numerator / denominator, scale });
}

/** GNU: a - (a / b) * b, the quotient taken to `scale` digits; the result keeps max(scale + b, a) digits. */
export function modulo(left: BcNumber, right: BcNumber, scale: number): BcNumber {
  if (right.digits === 0n) throw new BcRuntimeError("Modulo by zero");
  const kept = Math.max(left.scale, right.scale + scale);
  const quotient = divide(left, right, scale);
  return rescale(subtract(left, multiply(quotient, right, kept)), kept);
}

/** The integer value of a whole number (its fraction dropped). */
export function integerPart(number: BcNumber): bigint {
  return rescale(number, 0).digits;
}

/** GNU's `^`: an integer exponent; the exact power cut to min(a * n, max(scale, a)) digits, 1 / it when n < 0. */
export function power(base: BcNumber, exponentNumber: BcNumber, scale: number): BcNumber {
  const exponent = integerPart(exponentNumber);
  if (exponent === 0n) return ONE;
  const negative = exponent < 0n;
  const count = negative ? -exponent : exponent;
  const magnitude = base.digits < 0n ? -base.digits : base.digits;
  let exact: BcNumber;
  if (magnitude === 0n) exact = { digits: 0n, scale: 0 };
  else if (magnitude === tenTo(base.scale)) {
    // ±1 to any power, without computing it: 1.0^n keeps min(n, max(scale, 1)) zeros as GNU's cut does.
    const sign = base.digits < 0n && count % 2n === 1n ? -1n : 1n;
    if (negative) return divide(ONE, { digits: sign, scale: 0 }, scale);
    const kept = Math.min(
      base.scale * Number(count > 1_000_000n ? 1_000_000n : count),
      Math.max(scale, base.scale),
    );
    return { digits: sign * tenTo(kept), scale: kept };
  } else {
    // TM-BC-001: the exact power has about n * log10(digits) digits; refused before it is computed.
    const log10 =
      magnitude < 9007199254740992n
        ? Math.log10(Number(magnitude))
        : (magnitude.toString(16).length - 1) * 4 * Math.LOG10E * Math.LN2;
    if (log10 * Number(count) > MAX_BC_DIGITS + 1) throw tooLong();
    const times = Number(count);
    exact = bounded({ digits: base.digits ** count, scale: base.scale * times });
  }
  if (negative) {
    if (exact.digits === 0n) throw new BcRuntimeError("divide by zero");
    return divide(ONE, exact, scale);
  }
  if (exact.scale === 0) return exact;
  const times = Number(count);
  const result = truncate(exact, Math.min(base.scale * times, Math.max(scale, base.scale)));
  return result.digits === 0n && exact.digits < 0n ? { ...result, negativeZero: true } : result;
}

function integerSquareRoot(value: bigint): bigint {
  if (value < 2n) return value;
  let guess = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const next = (guess + value / guess) >> 1n;
    if (next >= guess) return guess;
    guess = next;
  }
}

/** The square root cut to max(scale, the number's scale) digits. */
export function squareRoot(number: BcNumber, scale: number): BcNumber {
  if (number.digits < 0n) throw new BcRuntimeError("Square root of a negative number");
  // GNU answers exactly 1, of scale 0, for any 1 (sqrt(1.00) prints 1).
  if (number.digits === tenTo(number.scale)) return ONE;
  const kept = Math.max(scale, number.scale);
  return bounded({ digits: integerSquareRoot(number.digits * tenTo(2 * kept - number.scale)), scale: kept });
}

/** bc's length(): significant digits (0 counts its scale's digits, at least 1). */
export function lengthOf(number: BcNumber): number {
  if (number.digits === 0n) return Math.max(1, number.scale);
  const digits = digitCount(number.digits);
  return Math.max(digits, number.scale);
}
