// Runs parsed bc units as GNU bc does: each line once it is read, its expressions printed unless they assign,
// a runtime error ending that line, variables scoped dynamically (a function's autos shadow the caller's).

import { BC_CLOCK_EVERY, MAX_BC_CALL_DEPTH, MAX_BC_SCALE, MAX_BC_STEPS } from "../../src/limits.js";
import type { Argument, Expr, FunctionDefinition, Stmt, Target } from "./ast.js";
import { BcOutput, formatNumber } from "./format.js";
import { MATH_LIBRARY } from "./mathlib.js";
import {
  add,
  BcLimitError,
  type BcNumber,
  BcRuntimeError,
  compare,
  divide,
  integerPart,
  isZero,
  lengthOf,
  modulo,
  multiply,
  negate,
  ONE,
  power,
  squareRoot,
  subtract,
  ZERO,
} from "./number.js";
import { Parser } from "./parser.js";
import { Scopes } from "./scopes.js";
import { parseLiteral, printText } from "./values.js";

export interface BcOptions {
  mathLibrary: boolean;
  lineLength: number;
  maxOutputBytes: number;
  /** Says why the program must stop now (deadline, stop signal), else undefined; looked at every few steps. */
  stopped: () => string | undefined;
}

export interface BcResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

const NORMAL = 0;
const BREAK = 1;
const CONTINUE = 2;
const RETURN = 3;
type Flow = typeof NORMAL | typeof BREAK | typeof CONTINUE | typeof RETURN;

class HaltSignal extends Error {}

const MAX_INDEX = 16_777_215;

/** One bc program's state. */
class Machine {
  readonly output: BcOutput;
  readonly errors: string[] = [];
  private scale = 0;
  private ibase = 10;
  private obase = 10;
  private last: BcNumber = ZERO;
  private readonly scopes = new Scopes();
  private readonly functions = new Map<string, FunctionDefinition>();
  private readonly frames: string[] = [];
  private returned: BcNumber = ZERO;
  private steps = 0;

  constructor(private readonly options: BcOptions) {
    this.output = new BcOutput(options.lineLength, options.maxOutputBytes, () =>
      outputFull(options.maxOutputBytes),
    );
    if (options.mathLibrary) this.scale = 20;
  }

  define(definition: FunctionDefinition): void {
    this.functions.set(definition.name, definition);
  }

  run(body: readonly Stmt[]): void {
    try {
      for (const statement of body) this.execute(statement);
    } catch (error) {
      if (!(error instanceof BcRuntimeError)) throw error;
      this.errors.push(`Runtime error (func=${error.where ?? "(main)"}, adr=0): ${error.message}\n`);
    }
  }

  private tick(): void {
    this.steps++;
    if (this.steps > MAX_BC_STEPS) {
      throw new BcLimitError(
        `the program ran more than ${MAX_BC_STEPS} statements (toolshell's cap for bc); ` +
          "check the loop's condition, or do fewer turns per bc call",
      );
    }
    if (this.steps % BC_CLOCK_EVERY === 0) {
      const reason = this.options.stopped();
      if (reason) throw new BcLimitError(reason);
    }
  }

  // --- statements ---------------------------------------------------------------------------------------------

  private execute(statement: Stmt): Flow {
    this.tick();
    switch (statement.kind) {
      case "expr": {
        const expr = statement.expr;
        if (expr.kind === "call" && this.functions.get(expr.name)?.void) {
          this.call(expr.name, expr.args);
          return NORMAL;
        }
        const value = this.evaluate(expr);
        if (expr.kind !== "assign") this.printValue(value, true);
        return NORMAL;
      }
      case "string":
        this.output.write(statement.text);
        return NORMAL;
      case "print":
        for (const item of statement.items) {
          if (item.kind === "text") this.output.write(printText(item.text));
          else this.printValue(this.evaluate(item), false);
        }
        return NORMAL;
      case "break":
        return BREAK;
      case "continue":
        return CONTINUE;
      case "halt":
        throw new HaltSignal();
      case "return":
        this.returned = statement.value ? this.evaluate(statement.value) : ZERO;
        return RETURN;
      case "if":
        if (this.truth(statement.test)) return this.execute(statement.then);
        return statement.otherwise ? this.execute(statement.otherwise) : NORMAL;
      case "while":
        return this.loop(statement.test, undefined, statement.body);
      case "for":
        if (statement.init) this.evaluate(statement.init);
        return this.loop(statement.test, statement.update, statement.body);
      case "block":
        for (const inner of statement.body) {
          const flow = this.execute(inner);
          if (flow !== NORMAL) return flow;
        }
        return NORMAL;
    }
  }

  private loop(test: Expr | undefined, update: Expr | undefined, body: Stmt): Flow {
    for (;;) {
      this.tick();
      if (test && !this.truth(test)) return NORMAL;
      const flow = this.execute(body);
      if (flow === BREAK) return NORMAL;
      if (flow === RETURN) return flow;
      if (update) this.evaluate(update);
    }
  }

  private truth(expr: Expr): boolean {
    return !isZero(this.evaluate(expr));
  }

  private printValue(value: BcNumber, newline: boolean): void {
    this.output.write(newline ? `${formatNumber(value, this.obase)}\n` : formatNumber(value, this.obase));
    this.last = value;
  }

  // --- expressions --------------------------------------------------------------------------------------------

  private evaluate(expr: Expr): BcNumber {
    switch (expr.kind) {
      case "num":
        return parseLiteral(expr.text, this.ibase);
      case "var":
      case "elem":
      case "special":
        return this.read(expr);
      case "paren":
        return this.evaluate(expr.inner);
      case "neg":
        return negate(this.evaluate(expr.operand));
      case "not":
        return isZero(this.evaluate(expr.operand)) ? ONE : ZERO;
      case "and":
        return this.truth(expr.left) && this.truth(expr.right) ? ONE : ZERO;
      case "or":
        return this.truth(expr.left) || this.truth(expr.right) ? ONE : ZERO;
      case "bin":
        return this.binary(expr.op, this.evaluate(expr.left), this.evaluate(expr.right));
      case "assign": {
        const value = this.evaluate(expr.value);
        const result = expr.op === "=" ? value : this.binary(expr.op, this.read(expr.target), value);
        return this.write(expr.target, result);
      }
      case "step": {
        const before = this.read(expr.target);
        const after = this.write(expr.target, add(before, expr.delta === 1 ? ONE : negate(ONE)));
        return expr.prefix ? after : before;
      }
      case "builtin":
        return this.builtin(expr.name, this.evaluate(expr.arg));
      case "read":
        throw new BcRuntimeError("read() is not available: bc's stdin is the program itself");
      case "call":
        if (this.functions.get(expr.name)?.void)
          throw new BcRuntimeError("void function used in an expression");
        return this.call(expr.name, expr.args);
    }
  }

  private binary(op: string, left: BcNumber, right: BcNumber): BcNumber {
    switch (op) {
      case "+":
        return add(left, right);
      case "-":
        return subtract(left, right);
      case "*":
        return multiply(left, right, this.scale);
      case "/":
        return divide(left, right, this.scale);
      case "%":
        return modulo(left, right, this.scale);
      case "^":
        if (right.scale > 0) this.warn("non-zero scale in exponent");
        return power(left, right, this.scale);
    }
    const order = compare(left, right);
    const holds =
      op === "<"
        ? order < 0
        : op === "<="
          ? order <= 0
          : op === ">"
            ? order > 0
            : op === ">="
              ? order >= 0
              : op === "=="
                ? order === 0
                : order !== 0;
    return holds ? ONE : ZERO;
  }

  private builtin(name: "length" | "scale" | "sqrt", value: BcNumber): BcNumber {
    if (name === "length") return { digits: BigInt(lengthOf(value)), scale: 0 };
    if (name === "scale") return { digits: BigInt(value.scale), scale: 0 };
    return squareRoot(value, this.scale);
  }

  private warn(message: string): void {
    const where = this.frames.at(-1) ?? "(main)";
    this.errors.push(`Runtime warning (func=${where}, adr=0): ${message}\n`);
  }

  // --- variables ----------------------------------------------------------------------------------------------

  private read(target: Target): BcNumber {
    if (target.kind === "special") {
      if (target.name === "last") return this.last;
      return { digits: BigInt(this[target.name]), scale: 0 };
    }
    if (target.kind === "var") return this.scopes.get(target.name);
    const index = this.index(target.name, target.index);
    return this.scopes.array(target.name).get(index) ?? ZERO;
  }

  private write(target: Target, value: BcNumber): BcNumber {
    if (target.kind === "special") return this.writeSpecial(target.name, value);
    if (target.kind === "var") {
      this.scopes.set(target.name, value);
      return value;
    }
    const index = this.index(target.name, target.index);
    this.scopes.array(target.name).set(index, value);
    return value;
  }

  private writeSpecial(name: "scale" | "ibase" | "obase" | "last", value: BcNumber): BcNumber {
    if (name === "last") {
      this.last = value;
      return value;
    }
    let number = Number(integerPart(value));
    if (name === "scale") {
      if (number < 0) {
        this.warn("negative scale, set to 0");
        number = 0;
      }
      // TM-BC-001: each division computes `scale` digits.
      if (number > MAX_BC_SCALE) {
        throw new BcLimitError(
          `scale=${number} is above ${MAX_BC_SCALE} (toolshell's cap for bc); use a smaller scale`,
        );
      }
      this.scale = number;
    } else {
      const low = 2;
      const high = name === "ibase" ? 36 : 2_147_483_647;
      if (number < low) this.warn(`${name} too small, set to ${low}`);
      else if (number > high) this.warn(`${name} too large, set to ${high}`);
      this[name] = Math.min(Math.max(number, low), high);
    }
    return value;
  }

  private index(name: string, expr: Expr): number {
    const index = integerPart(this.evaluate(expr));
    if (index < 0n || index > BigInt(MAX_INDEX))
      throw new BcRuntimeError(`Array ${name} subscript out of bounds.`);
    return Number(index);
  }

  // --- functions ----------------------------------------------------------------------------------------------

  private call(name: string, args: readonly Argument[]): BcNumber {
    const definition = this.functions.get(name);
    if (!definition) {
      const native = this.options.mathLibrary ? MATH_LIBRARY.get(name) : undefined;
      if (!native) throw new BcRuntimeError(`Function ${name} not defined.`);
      if (args.length !== native.arity) throw new BcRuntimeError("Parameter number mismatch");
      const values = args.map((arg) => (arg.kind === "array" ? ZERO : this.evaluate(arg)));
      return native.compute(values, this.scale);
    }
    if (args.length !== definition.params.length) throw new BcRuntimeError("Parameter number mismatch");
    if (this.frames.length >= MAX_BC_CALL_DEPTH) {
      throw new BcLimitError(
        `functions nested more than ${MAX_BC_CALL_DEPTH} calls deep (toolshell's cap for bc); ` +
          "check the recursion's base case",
      );
    }
    const values = definition.params.map((param, index) => {
      const arg = args[index] as Argument;
      if (param.array !== (arg.kind === "array")) throw new BcRuntimeError("Parameter type mismatch");
      return arg.kind === "array" ? new Map(this.scopes.array(arg.name)) : this.evaluate(arg);
    });
    this.scopes.enter(definition.params, values, definition.autos);
    this.frames.push(name);
    try {
      let result = ZERO;
      for (const statement of definition.body) {
        const flow = this.execute(statement);
        if (flow === RETURN) {
          result = this.returned;
          break;
        }
      }
      return result;
    } catch (error) {
      if (error instanceof BcRuntimeError) error.where ??= name;
      throw error;
    } finally {
      this.frames.pop();
      this.scopes.leave();
    }
  }
}

function outputFull(maxBytes: number): BcLimitError {
  return new BcLimitError(
    `output passed ${maxBytes} bytes (toolshell's cap for bc) and was cut there; print less, or fewer digits`,
  );
}

/** Runs a whole bc program read from stdin. */
export function runBc(source: string, options: BcOptions): BcResult {
  const machine = new Machine(options);
  const parser = new Parser(source);
  let exitCode = 0;
  try {
    for (;;) {
      const unit = parser.nextUnit();
      if (unit.kind === "eof" || unit.kind === "quit") break;
      if (unit.kind === "error") machine.errors.push(`${unit.message}\n`);
      else if (unit.kind === "define") machine.define(unit.definition);
      else machine.run(unit.body);
    }
  } catch (error) {
    if (error instanceof BcLimitError) {
      machine.errors.push(`bc: stopped: ${error.message}\n`);
      exitCode = 1;
    } else if (!(error instanceof HaltSignal)) throw error;
  }
  return { stdout: machine.output.text(), stderr: machine.errors.join(""), exitCode };
}
