// bc's variables and arrays, scoped dynamically as in GNU bc: a function's parameters and autos shadow the names
// for as long as it runs, in the functions it calls too, and are dropped when it returns.

import type { Parameter } from "./ast.js";
import type { BcNumber } from "./number.js";
import { ZERO } from "./number.js";

export type ArrayValue = Map<number, BcNumber>;

interface Scope {
  readonly names: string[];
  readonly arrays: string[];
}

/** Every name's stack of values: the top one is what the running code sees. */
export class Scopes {
  private readonly variables = new Map<string, BcNumber[]>();
  private readonly arrays = new Map<string, ArrayValue[]>();
  private readonly pushed: Scope[] = [];

  get(name: string): BcNumber {
    return this.variables.get(name)?.at(-1) ?? ZERO;
  }

  set(name: string, value: BcNumber): void {
    const stack = this.variables.get(name);
    if (stack && stack.length > 0) stack[stack.length - 1] = value;
    else this.variables.set(name, [value]);
  }

  /** The array the name stands for now (created empty on first use). */
  array(name: string): ArrayValue {
    let stack = this.arrays.get(name);
    if (!stack) {
      stack = [];
      this.arrays.set(name, stack);
    }
    if (stack.length === 0) stack.push(new Map());
    return stack[stack.length - 1] as ArrayValue;
  }

  /** Enters a function: its parameters get `values` (an array parameter a copy), its autos zero and empty. */
  enter(
    params: readonly Parameter[],
    values: readonly (BcNumber | ArrayValue)[],
    autos: readonly Parameter[],
  ): void {
    const scope: Scope = { names: [], arrays: [] };
    params.forEach((param, index) => {
      this.bind(scope, param, values[index]);
    });
    for (const auto of autos) this.bind(scope, auto, undefined);
    this.pushed.push(scope);
  }

  /** Leaves the innermost function. */
  leave(): void {
    const scope = this.pushed.pop();
    if (!scope) return;
    for (const name of scope.names) this.variables.get(name)?.pop();
    for (const name of scope.arrays) this.arrays.get(name)?.pop();
  }

  private bind(scope: Scope, param: Parameter, value: BcNumber | ArrayValue | undefined): void {
    if (param.array) {
      const stack = this.arrays.get(param.name) ?? [];
      stack.push(value instanceof Map ? value : new Map());
      this.arrays.set(param.name, stack);
      scope.arrays.push(param.name);
    } else {
      const stack = this.variables.get(param.name) ?? [];
      stack.push(value instanceof Map || value === undefined ? ZERO : value);
      this.variables.set(param.name, stack);
      scope.names.push(param.name);
    }
  }
}
