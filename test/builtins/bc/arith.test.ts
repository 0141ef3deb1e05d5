// bc's arithmetic, scale rules, output forms and bases, against GNU bc 1.07.1 byte for byte, in worker and
// inline mode; and random decimals through + - * / % ^ at random scales (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { againstGnuBc } from "../../bc-reference.js";
import { MODES } from "../../helpers.js";

const PROGRAMS: readonly [string, string][] = [
  ["division truncates to scale", "scale=2; 10/3; -7/2; 1/3*3; 100*17/23; 2/3"],
  ["scale 0 is integer division", "7/2; -7/2; 1/3; 10 % 3; -7 % 3; 7 % -3"],
  [
    "multiplication keeps min(a+b, max(scale, a, b))",
    "1.25*1.5; scale=1; 1.25*1.5; scale=5; 1.25*1.5; .1*.1",
  ],
  ["modulo with a scale", "scale=3; 7%3.2; 5.5%2; scale=0; 5.5%2; 7.25%2"],
  ["addition keeps the larger scale", "1.50 + 2.5; 1.000 - 1; 3 - 5.5; 0.1 + 0.2"],
  ["powers", "2^100; 2^-2; scale=3; 2^-2; 1.5^3; (-2)^3; -2^2; 2^3^2; 0^0; 1.1^10; scale=0; 1.1^10"],
  ["a fractional exponent is truncated", "2^2.7; 3^1.0"],
  ["output forms", "0.5; -0.5; 0.000; 1.5-1.5; -1.50*2; 1.50000; .5*3; 0*-1; x=-0.001; x"],
  ["long numbers wrap at 70 columns", "2^1000; -(3^200); scale=100; 1/7"],
  [
    "comparisons and logic",
    "3 > 2; 2 >= 3; 1 == 1.0; 1 != 1; 1 < 2 < 3; !0; !5; !1+1; 1 && 0; 0 || 2; 3 == 3 && 2 != 2 || 1",
  ],
  ["assignment binds tighter than comparison", "x = 1 < 2; x; (y = 5); y"],
  [
    "assignment operators",
    "x = 2; x ^= 3; x; x += 1; x; x -= 0.5; x; x *= 2; x; x /= 4; x; x %= 2; x; a = b = 3; a + b",
  ],
  ["increment and decrement", "++y; y++; y; y--; --y; x = 5; -x++; x"],
  [
    "length and scale of a number",
    "length(123.450); length(0); length(0.00); length(.001); scale(1.2300); scale(7)",
  ],
  ["sqrt", "sqrt(2); scale=10; sqrt(2); sqrt(16); sqrt(0.25); sqrt(10.0000); sqrt(0); sqrt(1000000)"],
  ["obase 16 and 2", "obase=16; 255; -255; 3.5; .1; 0.001; 4096; obase=2; 10; -0.75; 255"],
  [
    "obase above 16 prints digit groups",
    "obase=17; 16; 1.55555; -20; 0; .5; obase=100; 123456.789; obase=1000; 1000",
  ],
  ["ibase 16 and 2", "ibase=16; FF; 1.8; A.8; 10; ibase=2; 101; 12"],
  ["ibase and obase 16 together", "obase=16; ibase=16; A.8; FFFF.FF; FF*FF"],
  ["digits above ibase", "ZZ; Z; A; ibase=2; 12; 1A"],
  ["ibase and obase out of range", "obase=1; 5; obase=10; ibase=40; 5; ibase=10; scale=-1; 1/3"],
  ["last and dot", '5; last; . + 1; print 7, "\\n"; last'],
  ["special variables read back", "scale=4; scale; ibase; obase; x = scale + 1; x"],
];

describe.each(MODES)("bc arithmetic against GNU bc (%s)", (mode) => {
  it.each(PROGRAMS)("%s", async (_name, program) => {
    const { gnu, toolshell } = await againstGnuBc(program, [], mode);
    expect(toolshell).toEqual(gnu);
  });
});

const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
  .map(([negative, digits, scale]) => {
    const text = digits.toString().padStart(scale + 1, "0");
    const whole = text.slice(0, text.length - scale);
    const fraction = text.slice(text.length - scale);
    const number = scale > 0 ? `${whole}.${fraction}` : whole;
    return negative ? `-${number}` : number;
  });

const operation = fc.tuple(
  decimal,
  fc.constantFrom("+", "-", "*", "/", "%"),
  decimal,
  fc.integer({ min: 0, max: 25 }),
);

describe.each(MODES)("bc on random decimals (%s)", (mode) => {
  it("matches GNU bc for + - * / % at random scales", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 20 }), async (operations) => {
        // A zero divisor is skipped: GNU's message names a bytecode address (stderr), stdout is the same.
        const lines = operations.map(
          ([left, op, right, scale]) => `scale=${scale}; (${left}) ${op} (${right})`,
        );
        const { gnu, toolshell } = await againstGnuBc(lines.join("\n"), [], mode);
        expect(toolshell).toEqual(gnu);
      }),
      { numRuns: 25 },
    );
  });

  it("matches GNU bc writing random decimals in obase 2 to 65536", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(decimal, fc.constantFrom(2, 3, 7, 8, 16, 17, 20, 100, 1000, 65536)), {
          minLength: 20,
          maxLength: 20,
        }),
        async (cases) => {
          const lines = cases.map(([number, base]) => `obase=${base}; ${number}`);
          const { gnu, toolshell } = await againstGnuBc(lines.join("\n"), [], mode);
          expect(toolshell).toEqual(gnu);
        },
      ),
      { numRuns: 10 },
    );
  });

  it("matches GNU bc reading random literals in ibase 2 to 36, digits above the base included", async () => {
    const digit = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const literal = fc.tuple(
      fc.constantFrom(2, 3, 7, 8, 16, 17, 36),
      fc.array(digit, { minLength: 1, maxLength: 30 }),
      fc.array(digit, { maxLength: 10 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(literal, { minLength: 10, maxLength: 10 }), async (cases) => {
        const lines = cases.map(([base, whole, fraction]) => {
          const text = fraction.length > 0 ? `${whole.join("")}.${fraction.join("")}` : whole.join("");
          return `ibase=A; ibase=${base.toString(10)}; ${text}`;
        });
        const { gnu, toolshell } = await againstGnuBc(
          lines.join("\n").replaceAll("ibase=36", "ibase=Z+1"),
          [],
          mode,
        );
        expect(toolshell).toEqual(gnu);
      }),
      { numRuns: 10 },
    );
  });

  it("matches GNU bc for ^ with small exponents and for sqrt", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(decimal, fc.integer({ min: -6, max: 12 }), fc.integer({ min: 0, max: 25 })), {
          minLength: 20,
          maxLength: 20,
        }),
        async (cases) => {
          const lines = cases.map(
            ([base, exponent, scale]) =>
              `scale=${scale}; (${base}) ^ ${exponent}; sqrt(${base.replace("-", "")})`,
          );
          const { gnu, toolshell } = await againstGnuBc(lines.join("\n"), [], mode);
          expect(toolshell).toEqual(gnu);
        },
      ),
      { numRuns: 15 },
    );
  });
});
