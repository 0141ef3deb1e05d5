/**
 * Seeded generators for the fast path's property test: filters of its grammar in the shapes models write (and a
 * few just outside it), filters of any shape, and flag sets with --arg/--argjson.
 */
import type { Picker } from "./generate.js";

const PATHS = [
  ".",
  ".name",
  ".id",
  ".items",
  ".items[0]",
  ".items[-1]",
  ".items[].name",
  ".items[]",
  ".tags[]",
  ".tags",
  ".meta",
  ".meta.owner",
  '.meta["a b"]',
  '."name"',
  ".missing",
  ".items[1].v",
  ".n",
  ".tags[0]",
  ".items[]?",
  ".meta?.owner",
  ".items.[0].name",
  ".score",
  ".items[0:2]",
  ".items[1:]",
  ".items[:1]",
  ".items[-2:]",
  ".tags[1:2]",
  ".tags[:-1]?",
  ".name[0:3]",
  ".name[-2:]",
  ".items[3:1]",
  ".items[1:][0]",
];
/** Filters on one item. */
const ITEM = [
  ".name",
  ".v",
  ".ok",
  ".v * 2",
  ".v + 1",
  ".v - 0.5",
  ".v / 2",
  ".v % 2",
  ".name | ascii_upcase",
  ".name | ascii_downcase",
  '"\\(.name)-\\(.v)"',
  "{name, v}",
  "{n: .name, t: (.tags // [])}",
  '{"key": .name, $x}',
  "{(.name): .v}",
  "[.name, .v]",
  ".tags // []",
  ".name | length",
  ".v | tostring",
  '.tags | join(",")',
  ".tags | length",
  "(.tags // [])[0]",
  "keys",
  "to_entries",
  'has("tags")',
  '.name | split(" ")',
  '.name | ltrimstr("a")',
  '.name | startswith("a")',
  'if .ok then .name else "no" end',
  'if .v > 2 then "big" elif .v > 0 then "small" end',
  ".v | length",
  "type",
  "tojson",
  ".name, .v",
  ".missing // .name",
  "[.name, .v, .ok] | @csv",
  "[.name, .v, .ok] | @tsv",
  ".v | floor",
  "values",
  ".name | .[1:]",
  ".tags[0:1]",
  ".v | tostring | tonumber",
  ".name | tonumber",
  ".v | tonumber",
  "(.tags // [])[:2]",
];
const CONDITIONS = [
  ".v > 1",
  ".v >= 2",
  ".v == 3",
  ".v != 3",
  ".ok",
  ".ok | not",
  ".ok and .v > 0",
  ".ok or .v < 0",
  '.name == "alpha"',
  ".name == $x",
  ".v == $y",
  '.name < "b"',
  ".tags",
  'has("tags")',
  '.name | startswith("a")',
  ".v > $y",
  ".v == ($x | tonumber)",
  ".id == ($x | tonumber)",
  ".v >= ($y | tonumber)",
];
const WHOLE = [
  "keys",
  "keys_unsorted",
  "length",
  ".[]",
  "to_entries",
  'to_entries | map("\\(.key)=\\(.value)") | join("&")',
  ".meta | to_entries | from_entries",
  '.tags | join(", ")',
  ".tags | first",
  ".items | last",
  '.name // "none"',
  "{id, name}",
  "{id: .id, count: (.items | length)}",
  "[.items[].v] | add",
  ".items | map(.v) | add",
  "[.items[].v] | max",
  "[.items[].v] | min",
  ".tags | unique",
  ".tags | sort",
  ".items | sort_by(.v) | map(.name)",
  ".items | sort_by(.name, .v) | .[].v",
  ".items | group_by(.ok) | map(length)",
  ".items | unique_by(.ok) | length",
  ".items | any(.ok)",
  ".items | all(.ok)",
  ".items | map(.ok) | any",
  // Equal objects whose keys are in different orders: which one min, max, unique, sort and group_by keep shows.
  ".meta | [., (to_entries | reverse | from_entries)] | min",
  ".meta | [., (to_entries | reverse | from_entries)] | max",
  ".meta | [(to_entries | reverse | from_entries), .] | unique",
  ".meta | [(to_entries | reverse | from_entries), .] | sort",
  ".meta | [., (to_entries | reverse | from_entries)] | group_by(.)",
  '.name? // "none"',
  ".id == $y",
  ".name == $x",
  "reduce .items[] as $i (0; . + $i.v)",
  ".items | first(.[] | select(.ok))",
  ".tags[] | ascii_downcase",
  "@json",
  ".tags | reverse",
  ".id % 3",
  ".score * 2",
  ".items | length",
  ".meta | keys",
  ".meta | .[]",
  ". as $r | .items[] | {name, id: $r.id}",
  ".tags | map(length)",
  "[.tags[] | select(length > 2)]",
  ".items | map(select(.ok)) | length",
  "[.items[] | .name] | @csv",
  "[.items[] | .v] | @tsv",
  ".tags | .[1:]",
  ".items[0:2] | map(.name)",
  ".items[-1:] | .[0].v",
  ".tags[$y:]",
  ".name[$y:$y + 2]",
  ".items[.id:]",
  ".items[0, 1:2, 3]",
  ".items[1.5:]",
  ".meta[0:1]",
  ".meta[0:1]?",
  ".id | tostring | tonumber",
  "$x | tonumber",
  // In the grammar, answered when jq never joins with the number (fewer than two tags); else jq's error.
  ".tags | join(1)",
  // In the grammar, left to jq whenever it runs (string repetition); answered only when there is no input.
  '"x" * 2',
  "..",
  ".name = 1",
  "try .name",
  "def f: .; f",
  "limit(1; .items[])",
  "$ENV",
  "$ARGS",
  '.name?//"none"',
  ".items[]? ?// 1",
  ".items as [$x] | $x",
  "@base64",
  '@csv "\\(.tags)"',
  "input",
  "tostream",
  ".end",
  ".name # comment",
  "with_entries(.)",
];
const OUTSIDE = new Set(WHOLE.slice(WHOLE.indexOf("..")));

/** A model-style filter over a record, and whether it is in the fast path's subset (for the coverage count). */
export function modelFilter(picker: Picker): { filter: string; inGrammar: boolean } {
  const shape = picker.int(8);
  const itemFilter = picker.pick(ITEM);
  const condition = picker.pick(CONDITIONS);
  let filter: string;
  if (shape === 0) filter = picker.pick(PATHS);
  else if (shape === 1) filter = `.items[] | ${itemFilter}`;
  else if (shape === 2) filter = `.items | map(${itemFilter})`;
  else if (shape === 3) filter = `.items[] | select(${condition}) | ${itemFilter}`;
  else if (shape === 4) filter = `[.items[] | select(${condition})] | map(${itemFilter})`;
  else if (shape === 5) filter = `.items | map(select(${condition})) | length`;
  else filter = picker.pick(WHOLE);
  return { filter, inGrammar: !OUTSIDE.has(filter) };
}

const WILD_TERMS = [
  ".",
  ".a",
  ".b",
  ".name",
  ".[0]",
  ".[-1]",
  ".[]",
  ".a[]?",
  '.["1"]',
  ".[1:]",
  ".[:-1]",
  ".a[0:2]?",
  ".[$y:]",
  "$x",
  "$y",
  "null",
  "1",
  '"a"',
  "[]",
  "{}",
  "$ENV",
  "$ARGS",
];
const WILD_UNARY = [
  "length",
  "keys",
  "first",
  "last",
  "add",
  "tostring",
  "tojson",
  "type",
  "not",
  "sort",
  "unique",
  "to_entries",
  "ascii_downcase",
  "reverse",
  "min",
  "max",
  "floor",
  "values",
  "@csv",
  "@tsv",
  "@text",
  "@json",
  "keys_unsorted",
  "from_entries",
  "any",
  "all",
  "empty",
  "tonumber",
];
const WILD_BINARY = [
  " | ",
  ", ",
  " // ",
  " == ",
  " != ",
  " < ",
  " <= ",
  " > ",
  " >= ",
  " and ",
  " or ",
  " + ",
  " - ",
  " * ",
  " / ",
  " % ",
  "?//",
  " ?// ",
];

/** Any filter of the grammar, nested up to `depth`: for inputs of any shape, where most calls are jq errors. */
export function wildFilter(picker: Picker, depth: number): string {
  if (depth <= 0 || picker.chance(0.25))
    return picker.chance(0.7) ? picker.pick(WILD_TERMS) : picker.pick(WILD_UNARY);
  const inner = () => wildFilter(picker, depth - 1);
  switch (picker.int(10)) {
    case 0:
      return `${inner()}${picker.pick(WILD_BINARY)}${inner()}`;
    case 1:
      return `(${inner()})?`;
    case 2:
      return `[${inner()}]`;
    case 3:
      return `{a: ${picker.pick(WILD_TERMS)}, "b": (${inner()})}`;
    case 4:
      return `${picker.pick(["map", "select", "sort_by", "group_by", "first", "any", "all", "unique_by"])}(${inner()})`;
    case 5:
      return `${picker.pick(["join", "has", "split", "ltrimstr", "startswith"])}(${inner()})`;
    case 6:
      return `"<\\(${inner()})>"`;
    case 7:
      return `if ${inner()} then ${inner()} else ${inner()} end`;
    case 8:
      return `${inner()} | ${picker.pick(WILD_UNARY)}`;
    default:
      return `${inner()}${picker.pick(WILD_BINARY)}${picker.pick(WILD_TERMS)}`;
  }
}

const FLAG_SETS = [
  [],
  [],
  ["-r"],
  ["-r"],
  ["-c"],
  ["-rc"],
  ["-cr"],
  ["-r", "-c"],
  ["-j"],
  ["-e"],
  ["-re"],
  ["-ce"],
  ["--raw-output"],
  ["--compact-output", "-e"],
  ["-n"],
  ["-rn"],
  ["-a"],
  ["-S"],
  ["--tab"],
  ["-s"],
];

const OUTSIDE_FLAGS = new Set(["-a", "-S", "--tab", "-s"]);
const OUTSIDE_JSON = new Set(["1.0", "-0"]);

/**
 * Flags, with --arg x / --argjson y sometimes (filters name $x and $y) and rarely --arg ENV or ARGS, and where
 * the filter goes; inGrammar is false when a flag, a name or the --argjson text is outside what the fast path takes.
 */
export function argvFor(picker: Picker, filter: string): { argv: string[]; inGrammar: boolean } {
  const variables: string[] = [];
  if (picker.chance(0.6)) variables.push("--arg", "x", picker.pick(["alpha", "é", "1", ""]));
  if (picker.chance(0.6)) {
    const json = picker.pick(["2", "1.5", '"s"', "null", "[1,2]", '{"k":1}', "1.0", "-0", " 3 "]);
    variables.push("--argjson", "y", json);
  }
  // jq's own $ENV and $ARGS, which --arg does not replace (the fast path must leave these calls to jq).
  const ownName = picker.chance(0.08);
  if (ownName) variables.push(picker.pick(["--arg", "--argjson"]), picker.pick(["ENV", "ARGS"]), "1");
  const flags = picker.pick(FLAG_SETS);
  const argv = picker.chance(0.5) ? [...flags, filter, ...variables] : [...variables, ...flags, filter];
  const inGrammar = !ownName && !argv.some((arg) => OUTSIDE_FLAGS.has(arg) || OUTSIDE_JSON.has(arg));
  return { argv, inGrammar };
}
