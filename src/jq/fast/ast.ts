/** The filters the fast path evaluates: a small subset of jq's grammar, as parse.ts reads it. */
import type { Value } from "./value.js";

export type Node =
  | { kind: "identity" }
  | { kind: "literal"; value: Value }
  /**
   * `target[key]`, `target.key`: key is evaluated against the filter's input, as jq does. `optional` (`.a?`,
   * `.[0]?`): a failed lookup yields nothing; errors of the target or key still stop the program.
   */
  | { kind: "index"; target: Node; key: Node; optional?: true }
  /**
   * `target[from:to]` (either bound may be left out): a slice of an array or of a string's code points, null of
   * null. `optional` as for index.
   */
  | { kind: "slice"; target: Node; from: Node | undefined; to: Node | undefined; optional?: true }
  /** `target[]`, and `target[]?` (optional: a value that cannot be iterated yields nothing). */
  | { kind: "each"; target: Node; optional?: true }
  /** `term?` for any other term: jq's errors in the term end its outputs quietly. */
  | { kind: "try"; body: Node }
  | { kind: "pipe" | "comma" | "alternative" | "and" | "or"; left: Node; right: Node }
  | { kind: "binary"; operator: BinaryOperator; left: Node; right: Node }
  | { kind: "variable"; name: string }
  | { kind: "call"; name: string; args: Node[] }
  | { kind: "array"; body: Node | undefined }
  | { kind: "object"; entries: Array<{ key: Node; value: Node }> }
  /** A string literal with interpolations: text parts and filters whose outputs are written with tostring. */
  | { kind: "string"; parts: Array<string | Node> }
  | { kind: "format"; name: "csv" | "tsv" | "json" | "text" }
  | { kind: "if"; condition: Node; consequent: Node; otherwise: Node }
  | { kind: "bind"; source: Node; name: string; body: Node }
  | { kind: "reduce"; source: Node; name: string; init: Node; update: Node };

export type BinaryOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";
