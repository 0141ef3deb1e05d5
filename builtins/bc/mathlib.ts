// bc -l's functions s c a l e j, computed in fixed point (a BigInt of `precision` decimals) with guard digits
// past the caller's scale and then cut to it, as bc's own library cuts its results (never rounding).

import { MAX_BC_DIGITS, MAX_BC_MATH_PRECISION } from "../../src/limits.js";
import {
  add,
  BcLimitError,
  type BcNumber,
  digitCount,
  multiply,
  ONE,
  rescale,
  tenTo,
  tooLong,
  ZERO,
} from "./number.js";

const GUARD = 12;

interface Fixed {
  readonly unit: bigint;
  readonly precision: number;
}

function fixedPoint(precision: number): Fixed {
  // TM-BC-001: the series run at this many digits; past the cap one call could hold the run for minutes.
  if (precision > MAX_BC_MATH_PRECISION) {
    throw new BcLimitError(
      `the math library computes at most ${MAX_BC_MATH_PRECISION} digits (toolshell's cap for bc -l); ` +
        "use a smaller scale or argument",
    );
  }
  return { unit: tenTo(precision), precision };
}

function toFixed(number: BcNumber, fixed: Fixed): bigint {
  return rescale(number, fixed.precision).digits;
}

function fromFixed(value: bigint, fixed: Fixed, scale: number): BcNumber {
  return rescale({ digits: value, scale: fixed.precision }, scale);
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

function squareRootFixed(value: bigint, fixed: Fixed): bigint {
  const target = value * fixed.unit;
  if (target < 2n) return target;
  let guess = 1n << BigInt(Math.ceil(target.toString(2).length / 2));
  for (;;) {
    const next = (guess + target / guess) >> 1n;
    if (next >= guess) return guess;
    guess = next;
  }
}

/** Integer digits of |x| (0 for |x| < 1). */
function magnitude(number: BcNumber): number {
  const whole = abs(number.digits) / tenTo(number.scale);
  return whole === 0n ? 0 : digitCount(whole);
}

// --- exponential and logarithm ---------------------------------------------------------------------------------

function expFixed(x: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  if (x < 0n) return (unit * unit) / expFixed(-x, fixed);
  let halvings = 0;
  let reduced = x;
  while (reduced > unit / 2n) {
    reduced /= 2n;
    halvings++;
  }
  let sum = unit;
  let term = unit;
  for (let n = 1n; term !== 0n; n++) {
    term = (term * reduced) / unit / n;
    sum += term;
  }
  for (let index = 0; index < halvings; index++) sum = (sum * sum) / unit;
  return sum;
}

function exp(x: BcNumber, scale: number): BcNumber {
  const approximate = Number(x.digits) / 10 ** x.scale;
  if (approximate * Math.LOG10E > MAX_BC_DIGITS) throw tooLong();
  if (-approximate * Math.LOG10E > scale + GUARD) return ZERO;
  const grows = Math.max(0, Math.ceil(Math.abs(approximate) * Math.LOG10E));
  const fixed = fixedPoint(scale + GUARD + grows + magnitude(x));
  return fromFixed(expFixed(toFixed(x, fixed), fixed), fixed, scale);
}

/** atanh(z) = z + z^3/3 + z^5/5 + ... for small |z|. */
function atanhFixed(z: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  const square = (z * z) / unit;
  let power = z;
  let sum = z;
  for (let n = 3n; power !== 0n; n += 2n) {
    power = (power * square) / unit;
    sum += power / n;
  }
  return sum;
}

function lnFixed(x: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  let exponent = x.toString(2).length - unit.toString(2).length;
  let mantissa = exponent >= 0 ? x >> BigInt(exponent) : x << BigInt(-exponent);
  const high = (unit * 1414213562n) / 1000000000n;
  const low = (unit * 707106781n) / 1000000000n;
  while (mantissa > high) {
    mantissa >>= 1n;
    exponent++;
  }
  while (mantissa < low) {
    mantissa <<= 1n;
    exponent--;
  }
  const z = ((mantissa - unit) * unit) / (mantissa + unit);
  const ln2 = 2n * atanhFixed(unit / 3n, fixed);
  return BigInt(exponent) * ln2 + 2n * atanhFixed(z, fixed);
}

function ln(x: BcNumber, scale: number): BcNumber {
  // bc's library answers 1 - 10^scale for x <= 0 rather than failing.
  if (x.digits <= 0n) return { digits: (1n - tenTo(scale)) * tenTo(scale), scale };
  const digits = Math.max(magnitude(x), x.scale);
  const fixed = fixedPoint(scale + GUARD + digitCount(BigInt(digits)) + digits);
  return fromFixed(lnFixed(toFixed(x, fixed), fixed), fixed, scale);
}

// --- arctangent and pi ---------------------------------------------------------------------------------------

/** atan(z) = z - z^3/3 + z^5/5 - ... for |z| well below 1. */
function atanSeries(z: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  const square = (z * z) / unit;
  let power = z;
  let sum = z;
  for (let n = 3n, sign = -1n; power !== 0n; n += 2n, sign = -sign) {
    power = (power * square) / unit;
    sum += (sign * power) / n;
  }
  return sum;
}

function piFixed(fixed: Fixed): bigint {
  const { unit } = fixed;
  return 16n * atanSeries(unit / 5n, fixed) - 4n * atanSeries(unit / 239n, fixed);
}

function atanFixed(x: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  if (x < 0n) return -atanFixed(-x, fixed);
  if (x > unit) return piFixed(fixed) / 2n - atanFixed((unit * unit) / x, fixed);
  let reduced = x;
  for (let index = 0; index < 3; index++) {
    const root = squareRootFixed(unit + (reduced * reduced) / unit, fixed);
    reduced = (reduced * unit) / (unit + root);
  }
  return 8n * atanSeries(reduced, fixed);
}

function atan(x: BcNumber, scale: number): BcNumber {
  const fixed = fixedPoint(scale + GUARD + Math.max(magnitude(x), x.scale));
  return fromFixed(atanFixed(toFixed(x, fixed), fixed), fixed, scale);
}

// --- sine and cosine ------------------------------------------------------------------------------------------

function sinSeries(t: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  const square = (t * t) / unit;
  let term = t;
  let sum = t;
  for (let n = 2n; term !== 0n; n += 2n) {
    term = -(term * square) / unit / (n * (n + 1n));
    sum += term;
  }
  return sum;
}

function cosSeries(t: bigint, fixed: Fixed): bigint {
  const { unit } = fixed;
  const square = (t * t) / unit;
  let term = unit;
  let sum = unit;
  for (let n = 1n; term !== 0n; n += 2n) {
    term = -(term * square) / unit / (n * (n + 1n));
    sum += term;
  }
  return sum;
}

/** sin(x + quarter * pi/2) (quarter 0 for now): x reduced to |t| <= pi/4 around a multiple of pi/2. */
function sine(x: BcNumber, scale: number, quarter: number): BcNumber {
  const extra = magnitude(x);
  const fixed = fixedPoint(scale + GUARD + extra + x.scale);
  // bc's library reduces by multiples of a pi/4 cut to 1.1 * scale + 2 digits: for a large x that cut shows in
  // the last digits (s(-8925) ends in 777, not 778), so the reduction uses the same pi.
  const cut = Math.floor(scale * 1.1) + 2;
  // Past the cap by at most a tenth: `fixed` is the bounded one.
  const widePrecision = Math.max(fixed.precision + extra + 2, cut);
  const wide = { unit: tenTo(widePrecision), precision: widePrecision };
  const value = toFixed(x, wide);
  const drop = tenTo(wide.precision - cut);
  const half = 2n * ((piFixed(wide) / 4n / drop) * drop);
  let turns = (2n * value + half) / (2n * half);
  if (2n * value + half < 0n && (2n * value + half) % (2n * half) !== 0n) turns -= 1n;
  const t = (value - turns * half) / tenTo(wide.precision - fixed.precision);
  const which = Number((((turns + BigInt(quarter)) % 4n) + 4n) % 4n);
  const results = [sinSeries, cosSeries];
  const series = results[which % 2] ?? sinSeries;
  const result = series(t, fixed);
  return fromFixed(which >= 2 ? -result : result, fixed, scale);
}

/**
 * bc's library takes cos(x) as sin(x + pi/2) with pi/2 from a(1) at 1.2 times the scale, so at small scales its
 * answer carries that pi/2's error (scale=2: c(5) is .27, not .28); done the same way for the same digits.
 */
function cosine(x: BcNumber, scale: number): BcNumber {
  const inner = Math.floor(scale * 1.2);
  const halfPi = multiply(atan(ONE, inner), { digits: 2n, scale: 0 }, inner);
  // sin of that pi/2 is a hair below 1, where bc's sum lands on 1: c(0) is 1.000..., not .999...
  if (x.digits === 0n) return rescale(ONE, scale);
  return rescale(sine(add(x, halfPi), inner, 0), scale);
}

// --- Bessel ---------------------------------------------------------------------------------------------------

function bessel(orderNumber: BcNumber, x: BcNumber, scale: number): BcNumber {
  const order = rescale(orderNumber, 0).digits;
  const n = order < 0n ? -order : order;
  const approximate = Math.abs(Number(x.digits) / 10 ** x.scale);
  const growth = Math.ceil(approximate * Math.LOG10E);
  // TM-BC-001: the series has about |x| terms of that many digits each (j(0, 6800) would take 4 s).
  if (growth > MAX_BC_MATH_PRECISION / 3) {
    throw new BcLimitError(
      `j(n, x) takes |x| up to ${Math.floor(MAX_BC_MATH_PRECISION / 3 / Math.LOG10E)} (toolshell's cap for bc -l); ` +
        "use a smaller argument",
    );
  }
  const fixed = fixedPoint(scale + GUARD + growth + x.scale);
  const { unit } = fixed;
  const half = toFixed(x, fixed) / 2n;
  const square = (half * half) / unit;
  let term = unit;
  for (let k = 1n; k <= n; k++) term = (term * half) / unit / k;
  let sum = term;
  for (let k = 1n; term !== 0n; k++) {
    term = -(term * square) / unit / (k * (k + n));
    sum += term;
  }
  const negative = order < 0n && n % 2n === 1n;
  return fromFixed(negative ? -sum : sum, fixed, scale);
}

export interface MathFunction {
  readonly arity: number;
  readonly compute: (args: readonly BcNumber[], scale: number) => BcNumber;
}

const first = (args: readonly BcNumber[]): BcNumber => args[0] ?? ZERO;

/** The functions `bc -l` defines. */
export const MATH_LIBRARY: ReadonlyMap<string, MathFunction> = new Map([
  ["s", { arity: 1, compute: (args, scale) => sine(first(args), scale, 0) }],
  ["c", { arity: 1, compute: (args, scale) => cosine(first(args), scale) }],
  ["a", { arity: 1, compute: (args, scale) => atan(first(args), scale) }],
  ["l", { arity: 1, compute: (args, scale) => ln(first(args), scale) }],
  ["e", { arity: 1, compute: (args, scale) => exp(first(args), scale) }],
  ["j", { arity: 2, compute: (args, scale) => bessel(first(args), args[1] ?? ZERO, scale) }],
]);
