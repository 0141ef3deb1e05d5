// The parsed program: what the parser hands the evaluator, one unit (a line of statements or a definition) at
// a time, the way GNU bc runs each line once it is read.

export type Special = "scale" | "ibase" | "obase" | "last";

export type Target =
  | { readonly kind: "var"; readonly name: string }
  | { readonly kind: "elem"; readonly name: string; readonly index: Expr }
  | { readonly kind: "special"; readonly name: Special };

export type Argument = Expr | { readonly kind: "array"; readonly name: string };

export type BinaryOperator = "+" | "-" | "*" | "/" | "%" | "^" | "<" | "<=" | ">" | ">=" | "==" | "!=";

export type Expr =
  | Target
  | { readonly kind: "num"; readonly text: string }
  | { readonly kind: "call"; readonly name: string; readonly args: readonly Argument[] }
  | { readonly kind: "builtin"; readonly name: "length" | "scale" | "sqrt"; readonly arg: Expr }
  | { readonly kind: "read" }
  | { readonly kind: "neg"; readonly operand: Expr }
  | { readonly kind: "not"; readonly operand: Expr }
  | { readonly kind: "and" | "or"; readonly left: Expr; readonly right: Expr }
  | { readonly kind: "bin"; readonly op: BinaryOperator; readonly left: Expr; readonly right: Expr }
  | {
      readonly kind: "assign";
      readonly op: BinaryOperator | "=";
      readonly target: Target;
      readonly value: Expr;
    }
  | { readonly kind: "step"; readonly prefix: boolean; readonly delta: 1 | -1; readonly target: Target }
  | { readonly kind: "paren"; readonly inner: Expr };

export type PrintItem = { readonly kind: "text"; readonly text: string } | Expr;

export type Stmt =
  | { readonly kind: "expr"; readonly expr: Expr }
  | { readonly kind: "string"; readonly text: string }
  | { readonly kind: "print"; readonly items: readonly PrintItem[] }
  | { readonly kind: "break" | "continue" | "halt" }
  | { readonly kind: "return"; readonly value: Expr | undefined }
  | { readonly kind: "if"; readonly test: Expr; readonly then: Stmt; readonly otherwise: Stmt | undefined }
  | { readonly kind: "while"; readonly test: Expr; readonly body: Stmt }
  | {
      readonly kind: "for";
      readonly init: Expr | undefined;
      readonly test: Expr | undefined;
      readonly update: Expr | undefined;
      readonly body: Stmt;
    }
  | { readonly kind: "block"; readonly body: readonly Stmt[] };

export interface Parameter {
  readonly name: string;
  readonly array: boolean;
}

export interface FunctionDefinition {
  readonly name: string;
  /** `define void f()`: a call as a statement prints nothing. */
  readonly void: boolean;
  readonly params: readonly Parameter[];
  readonly autos: readonly Parameter[];
  readonly body: readonly Stmt[];
}

export type Unit =
  | { readonly kind: "run"; readonly body: readonly Stmt[] }
  | { readonly kind: "define"; readonly definition: FunctionDefinition }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "quit" }
  | { readonly kind: "eof" };
