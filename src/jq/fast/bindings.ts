/** The check that a filter reads only variables it has: jq refuses to compile one that reads any other. */
import type { Node } from "./ast.js";

/** True when every `$name` the filter reads is bound: by --arg/--argjson (`names`), `as` or `reduce`. */
export function bound(node: Node, names: ReadonlySet<string>): boolean {
  switch (node.kind) {
    case "variable":
      return names.has(node.name);
    case "bind":
      return bound(node.source, names) && bound(node.body, new Set(names).add(node.name));
    case "reduce":
      return (
        bound(node.source, names) &&
        bound(node.init, names) &&
        bound(node.update, new Set(names).add(node.name))
      );
    case "index":
      return bound(node.target, names) && bound(node.key, names);
    case "slice":
      return (
        bound(node.target, names) &&
        (node.from === undefined || bound(node.from, names)) &&
        (node.to === undefined || bound(node.to, names))
      );
    case "each":
      return bound(node.target, names);
    case "try":
      return bound(node.body, names);
    case "pipe":
    case "comma":
    case "alternative":
    case "and":
    case "or":
    case "binary":
      return bound(node.left, names) && bound(node.right, names);
    case "call":
      return node.args.every((arg) => bound(arg, names));
    case "array":
      return node.body === undefined || bound(node.body, names);
    case "object":
      return node.entries.every((entry) => bound(entry.key, names) && bound(entry.value, names));
    case "string":
      return node.parts.every((part) => typeof part === "string" || bound(part, names));
    case "if":
      return bound(node.condition, names) && bound(node.consequent, names) && bound(node.otherwise, names);
    default:
      return true;
  }
}
