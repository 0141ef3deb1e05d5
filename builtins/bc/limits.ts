// Bounds of the shell's `bc` (TM-BC-001): a hostile program must not hang the run or exhaust the heap.

/** Decimal digits one number may hold (integer and fraction together); past it the program stops. */
export const MAX_BC_DIGITS = 100_000;

/** The largest `scale` a program may set: each division computes that many digits. */
export const MAX_BC_SCALE = 10_000;

/** Statements and loop turns one program may execute before it is stopped. */
export const MAX_BC_STEPS = 5_000_000;

/** Function calls nested at once (recursion depth). */
export const MAX_BC_CALL_DEPTH = 1_000;

/** Bytes of program text `bc` reads from stdin. */
export const MAX_BC_PROGRAM_BYTES = 1_048_576;

/** Steps between two looks at the run's deadline and stop signal. */
export const BC_CLOCK_EVERY = 1_024;

/** Decimals the math library (`bc -l`) works at, guard digits included. */
export const MAX_BC_MATH_PRECISION = 3_000;
