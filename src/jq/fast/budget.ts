/**
 * The bounds on one fast-path call (0036; TM-DOS-006, TM-MEM-002): the fast path runs in whatever thread runs the
 * shell (the host's own, inline), so a short program must not take unbounded time or memory there. Three bounds:
 * the nodes run (steps); the work, counted by what operations build or read (each item an array gets or `.[]`
 * emits, the characters of a string built, written or compared, each value compared or written); and the size of
 * any one value built. Past any, Unsure: real jq answers the call, under its own bounds (its memory cap, the
 * call's deadline).
 */
import { Unsure } from "./value.js";

/**
 * Nodes one call may run: a model-style filter runs a few per item, so a 1 MiB list (25,000 records) needs
 * ~150,000; a million take 0.1-0.25 s at most here.
 */
const MAX_STEPS = 1_000_000;
/**
 * Units of work one call may do. Measured on 250 KiB inputs: model-style calls on records (sort_by, group_by,
 * unique_by, @csv rows, pretty-printing the input) take at most 0.5 M, `unique` of 20,000 short strings 1.5 M.
 * Spending it all takes 0.1 to 0.4 s on a loaded 2-core machine and under 70 MB.
 */
const MAX_WORK = 4_000_000;
/** Items of an array or characters of a string built (1 Mi: four times the input bound before it was 4 MiB). */
const MAX_VALUE_SIZE = 1024 * 1024;

export class Budget {
  private steps = 0;
  private work = 0;

  /** One node run. */
  step(): void {
    if (++this.steps > MAX_STEPS) throw new Unsure();
  }

  /** Work done (items, characters, values visited). */
  charge(units: number): void {
    this.work += units;
    if (this.work > MAX_WORK) throw new Unsure();
  }

  /** A value of `size` items or characters was built: refused past the size bound, else `cost` is charged. */
  built(size: number, cost: number = size): void {
    if (size > MAX_VALUE_SIZE) throw new Unsure();
    this.charge(cost);
  }
}
