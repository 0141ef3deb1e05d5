/**
 * Seeded generators for the fast path's property test: the PRNG and JSON texts, written by hand so that they can
 * hold what JSON.stringify never writes (1.0, -0, 1e5, escapes of DEL and of lone surrogates, integer-like keys).
 * filters.ts makes the filters and flags.
 */

/** mulberry32: a small seeded PRNG, so that a failing seed reproduces its cases. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Picker {
  constructor(readonly random: () => number) {}
  int(below: number): number {
    return Math.floor(this.random() * below);
  }
  chance(probability: number): boolean {
    return this.random() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Strings as JSON text (inside the quotes): plain, escaped, non-ASCII by code point order, control characters. */
const CLEAN_STRINGS = [
  "alpha",
  "Beta",
  "x y",
  "a,b",
  'q\\"uote',
  "tab\\there",
  "line\\nbreak",
  "back\\\\slash",
  "é",
  "e\u0301",
  "😀",
  "\\ud83d\\ude00",
  "中文",
  "\uff5e",
  "",
  "a\\u0000b",
  "\\u001f",
  "\u2028",
  "ABC def",
  "Owner",
];
const HOSTILE_STRINGS = ["\\u007f", "\u007f", "\\ud800", "\\udc00x", "\\/"];
const CLEAN_NUMBERS = [
  "0",
  "1",
  "2",
  "3",
  "-3",
  "42",
  "1.5",
  "0.25",
  "-2.5",
  "3.75",
  "123456789012345",
  "0.1",
  "19.99",
  "0.000001",
  "123456789012.345",
];
const HOSTILE_NUMBERS = [
  "-0",
  "1.0",
  "1e5",
  "1E-3",
  "9007199254740993",
  "1e300",
  "0.00001",
  "100000000000000000000",
  "0.0000001",
  "12.50",
  "1234567890123.4567",
];

export function jsonString(picker: Picker, hostile: boolean): string {
  return `"${picker.pick(hostile && picker.chance(0.3) ? HOSTILE_STRINGS : CLEAN_STRINGS)}"`;
}

function jsonNumber(picker: Picker, hostile: boolean): string {
  return picker.pick(hostile && picker.chance(0.3) ? HOSTILE_NUMBERS : CLEAN_NUMBERS);
}

function object(entries: Array<[string, string]>, picker: Picker): string {
  const space = picker.chance(0.3) ? " " : "";
  return `{${entries.map(([key, value]) => `"${key}":${space}${value}`).join(`,${space}`)}}`;
}

function array(items: string[]): string {
  return `[${items.join(",")}]`;
}

/** An item of a model-style record's "items": {name, v, ok, tags?}. */
function item(picker: Picker, hostile: boolean): string {
  const entries: Array<[string, string]> = [
    ["name", jsonString(picker, hostile)],
    ["v", jsonNumber(picker, hostile)],
    ["ok", picker.pick(["true", "false", "null"])],
  ];
  if (picker.chance(0.4)) entries.push(["tags", tags(picker, hostile)]);
  if (picker.chance(0.2)) entries.splice(picker.int(entries.length), 1);
  return object(entries, picker);
}

function tags(picker: Picker, hostile: boolean): string {
  return array(Array.from({ length: picker.int(4) }, () => jsonString(picker, hostile)));
}

/** A record shaped like a tool's JSON answer: {name, id, score, ok, n, tags, items, meta}, keys sometimes missing. */
export function record(picker: Picker, hostile: boolean): string {
  const entries: Array<[string, string]> = [
    ["name", jsonString(picker, hostile)],
    ["id", jsonNumber(picker, hostile)],
    ["score", picker.pick(["1.5", "0.25", "-2.5", "10", "null"])],
    ["ok", picker.pick(["true", "false"])],
    ["n", "null"],
    ["tags", tags(picker, hostile)],
    ["items", array(Array.from({ length: picker.int(5) }, () => item(picker, hostile)))],
    [
      "meta",
      object(
        [
          ["owner", jsonString(picker, hostile)],
          ["a b", jsonNumber(picker, hostile)],
          ["é", jsonString(picker, hostile)],
        ],
        picker,
      ),
    ],
  ];
  if (hostile && picker.chance(0.3)) entries.push([picker.pick(["1", "0", "__proto__", "\\u007f"]), "1"]);
  const kept = entries.filter(() => picker.chance(0.9));
  return object(kept, picker);
}

const WILD_KEYS = ["a", "b", "name", "1", "0", "", "é", "😀", "\uff5e", "a b", "__proto__"];

/** Two equal objects with their keys in opposite orders, and a third item: which of them min, max, unique keep shows. */
function tiedObjects(picker: Picker, depth: number): string {
  const keys = WILD_KEYS.filter(() => picker.chance(0.3));
  const entries = keys.map((key) => [key, wildValue(picker, depth)] as [string, string]);
  const third = wildValue(picker, depth);
  return array([object(entries, picker), object(entries.slice().reverse(), picker), third]);
}

/** Any JSON value, nested up to `depth`, with integer-like keys and every kind of string and number. */
export function wildValue(picker: Picker, depth: number): string {
  const kind = picker.int(depth > 0 ? 6 : 4);
  if (kind === 0) return picker.pick(["null", "true", "false"]);
  if (kind === 1) return jsonNumber(picker, true);
  if (kind === 2 || kind === 3) return jsonString(picker, true);
  const size = picker.int(4);
  if (kind === 4 && picker.chance(0.2)) return tiedObjects(picker, depth - 1);
  if (kind === 4) return array(Array.from({ length: size }, () => wildValue(picker, depth - 1)));
  return object(
    Array.from(
      { length: size },
      () => [picker.pick(WILD_KEYS), wildValue(picker, depth - 1)] as [string, string],
    ),
    picker,
  );
}

/** One to three documents, as jq reads a stream (or, rarely, no document at all). */
export function inputText(picker: Picker, document: () => string): string {
  if (picker.chance(0.04)) return picker.pick(["", "\n", "  \n"]);
  const count = picker.chance(0.8) ? 1 : 2 + picker.int(2);
  const separator = picker.pick(["\n", "\n", " ", ""]);
  return Array.from({ length: count }, document).join(separator) + (picker.chance(0.7) ? "\n" : "");
}
