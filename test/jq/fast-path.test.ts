import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fastPath } from "../../src/jq/fast-path.js";
import { REFERENCE_BIN } from "../differential/harness.js";

const JQ = join(REFERENCE_BIN, "jq");

const bytes = (text: string) => new TextEncoder().encode(text);
const DOC = JSON.stringify({
  name: "Jane",
  id: 7,
  tags: ["a", "b c"],
  items: [
    { name: "x", v: 1, ok: true },
    { name: "y", v: 3, ok: false },
  ],
  meta: { owner: "ops", "a b": 2 },
  nul: null,
});

/** Two equal objects whose keys are in different orders, which jq writes as they were read. */
const TIED = ['{"a":1,"b":2}', '{"b":2,"a":1}'];
const TIES = `[${TIED.join(",")}]`;

/** Model-style calls (argv, stdin) with the stdout and exit status jq 1.8.2 gives for them (recorded from the CLI). */
const answered: Array<[string[], string, string, number]> = [
  [["-r", ".name"], DOC, "Jane\n", 0],
  [["-r", ".items[0].name"], DOC, "x\n", 0],
  [["-c", ".items[-1]"], DOC, '{"name":"y","v":3,"ok":false}\n', 0],
  [["-r", '.meta["a b"]'], DOC, "2\n", 0],
  [["-r", ".items[].name"], DOC, "x\ny\n", 0],
  [["-c", ".items[] | select(.v > 1)"], DOC, '{"name":"y","v":3,"ok":false}\n', 0],
  [["-r", '.items[] | select(.ok and .name == "x") | .v'], DOC, "1\n", 0],
  [["-c", "map(.v)"], JSON.stringify([{ v: 1 }, { v: 2 }]), "[1,2]\n", 0],
  [
    ["-c", ".items | map({name, double: (.v * 2)})"],
    DOC,
    '[{"name":"x","double":2},{"name":"y","double":6}]\n',
    0,
  ],
  [["-r", ".items[] | [.name, .v, .ok] | @csv"], DOC, '"x",1,true\n"y",3,false\n', 0],
  [["-r", ".tags | @tsv"], DOC, "a\tb c\n", 0],
  [["-c", "{id, owner: .meta.owner}"], DOC, '{"id":7,"owner":"ops"}\n', 0],
  [['.missing // "none"'], DOC, '"none"\n', 0],
  [["-r", ".nul // .name"], DOC, "Jane\n", 0],
  [["-c", "keys"], DOC, '["id","items","meta","name","nul","tags"]\n', 0],
  [[".items | length"], DOC, "2\n", 0],
  [["-r", '.tags | join(",")'], DOC, "a,b c\n", 0],
  [["-r", ".tags | first"], DOC, "a\n", 0],
  [["-c", ".meta | to_entries"], DOC, '[{"key":"owner","value":"ops"},{"key":"a b","value":2}]\n', 0],
  [["-r", '"\\(.name) has \\(.items | length) items"'], DOC, "Jane has 2 items\n", 0],
  [["-r", ".items | sort_by(.v) | reverse | .[0].name"], DOC, "y\n", 0],
  [["-r", "--arg", "n", "y", ".items[] | select(.name == $n) | .v"], DOC, "3\n", 0],
  [["--argjson", "min", "2", "-c", "[.items[] | select(.v >= $min) | .name]"], DOC, '["y"]\n', 0],
  [["-c", ".tags | .[1:]"], DOC, '["b c"]\n', 0],
  // Containers written by JSON.stringify where it writes as jq: DEL escaped inside them, pretty and compact.
  [
    ["-c", "."],
    '{"a":"x\u007fy","b":[1,2.5,-3,null,true],"c":{}}',
    '{"a":"x\\u007fy","b":[1,2.5,-3,null,true],"c":{}}\n',
    0,
  ],
  [
    ["."],
    '{"a":["x\u007f"],"b":[],"c":{"d":0.5}}',
    '{\n  "a": [\n    "x\\u007f"\n  ],\n  "b": [],\n  "c": {\n    "d": 0.5\n  }\n}\n',
    0,
  ],
  [["-c", ".items[0:1] | map(.name)"], DOC, '["x"]\n', 0],
  [["-c", ".items[-1:]"], DOC, '[{"name":"y","v":3,"ok":false}]\n', 0],
  [["-c", ".items[:5] | length"], DOC, "2\n", 0],
  [["-r", ".name[1:3], .name[-1:]"], DOC, "an\ne\n", 0],
  [["-c", ".nul[1:2], .meta[0:1]?"], DOC, "null\n", 0],
  [["-r", "--arg", "id", "7", "select(.id == ($id | tonumber)) | .name"], DOC, "Jane\n", 0],
  [['"42" | tonumber + 1'], DOC, "43\n", 0],
  [["-e", ".nul"], DOC, "null\n", 1],
  [["-e", ".id"], DOC, "7\n", 0],
  [["-e", ".items[] | select(.v > 5)"], DOC, "", 4],
  [["-e", "."], "", "", 4],
  [["."], " \n", "", 0],
  [["-rn", '"a" + "b"'], "ignored {", "ab\n", 0],
  [["-r", ".name"], '{"name":"a"}\n{"name":"b"}\n', "a\nb\n", 0],
  [["-j", ".name"], '{"name":"a"} {"name":"b"}', "ab", 0],
  [
    ["."],
    '{"a":[1,{"b":null}],"e":{},"f":[]}',
    '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "e": {},\n  "f": []\n}\n',
    0,
  ],
  [
    ["-c", ".[] | length"],
    '["h\u00e9llo","\ud83d\ude00",[1,2],{"a":1},null,-2.5]',
    "5\n1\n2\n1\n0\n2.5\n",
    0,
  ],
  [["-c", "sort"], '["\ufffd","\ud83d\ude00","a"]', '["a","\ufffd","\ud83d\ude00"]\n', 0], // code point order
  [["-c", ".a?, .[0]?"], "[1]", "1\n", 0],
  [["-c", ".a"], '{"a":"del\\u007f"}', '"del\\u007f"\n', 0], // jq escapes DEL, as JSON.stringify does not
  [["-c", "[.[] | tostring]"], '[1,"s",null,[2]]', '["1","s","null","[2]"]\n', 0],
  [["-c", ".a? // 1, .a?  //2"], '{"b":2}', "1\n2\n", 0], // `?` then `//`, unlike the token `?//`
  [["-c", "from_entries, ({} | from_entries)"], '{"a":{"key":"k","value":1}}', '{"k":1}\n{}\n', 0], // over .[]
  // Of equal items, min gives the first and max the last; unique and sort keep the first of equal ones first.
  [["-c", "min, max, unique, sort"], TIES, `${TIED[0]}\n${TIED[1]}\n[${TIED[0]}]\n${TIES}\n`, 0],
];

/** Calls the fast path must leave to jq: outside its subset, a jq error, or an input it cannot read as jq does. */
const declined: Array<[string[], string]> = [
  [["-r", ".n"], '{"n":1.50}'], // jq keeps the literal 1.50
  [["-c", "."], '{"a":1e2}'],
  [["-c", "."], '{"1":"a","b":2}'], // JavaScript would reorder the integer-like key
  [["-r", ".a"], '{"a":"\\ud800"}'], // jq replaces a lone surrogate
  [["-r", ".name"], "\uFEFF" + '{"name":"bom"}'],
  [["-c", "."], '{"a":"\\ud800","a":1}'], // the repeated key's first value, a lone surrogate, is jq's parse error
  [["-r", ".name"], '{"name":"ok"'],
  [["-r", ".name.first"], DOC], // jq's error, with jq's message
  [["-r", ".[0]"], DOC],
  [["-c", ".items[1.5:]"], DOC], // a fractional slice bound (jq rounds it)
  [["-c", "{a: [.n * 1000]}"], '{"n":1000000000000}'], // 1e15 inside a container: jq writes 1e+15
  [["-c", "[.n * 0]"], '{"n":-1}'], // -0 inside a container: jq writes -0
  [["-c", ".meta[0:1]"], DOC], // jq's error: an object cannot be sliced
  [["tonumber"], '"1.0"'], // jq 1.8 keeps the literal 1.0
  [["tonumber"], '" 1"'], // jq 1.8 refuses the space
  [["-c", ".."], DOC],
  [["-c", ".a = 1"], DOC],
  [["-c", "try .name"], DOC],
  [["-c", "limit(1; .[])"], DOC],
  [["-r", "$ENV.HOME"], DOC],
  [["-r", "$undefined"], ""], // jq's compile error, even without input
  [["-r", ".if"], DOC], // a keyword after the dot
  [["-c", "@base64"], DOC],
  [["-S", "."], DOC],
  [["-r", "--tab", "."], DOC],
  [["-r", ".name", "extra-file"], DOC],
  [["-c", ".id * 1e20"], DOC],
  [["-nc", "0 * -1"], ""], // jq writes -0
  [["-c", ".id / 0"], DOC],
  [["-r", ".tags | join(1)"], DOC],
  [["-c", ".x // error"], DOC],
  [["-c", `.${"a".repeat(1001)}`], DOC],
  // jq keeps its own $ENV (the environment) and $ARGS ({positional, named}) whatever --arg binds.
  [["-nc", "--arg", "ENV", "x", "$ENV"], ""],
  [["-nc", "--argjson", "ENV", "{}", "$ENV"], ""],
  [["-nc", "--arg", "ARGS", "x", "$ARGS"], ""],
  [["-nc", "--arg", "x", "1", "--argjson", "ARGS", "2", "[$x, $ARGS]"], ""],
  [["-c", ".a?//1"], DOC], // `?//` is jq's destructuring alternative: a syntax error here
  [["-c", ".a ?// 1"], DOC],
  [["-c", "[(.a)?//.b]"], DOC],
  [["-c", ".a??//1"], DOC],
  // NaN (infinity minus infinity): jq's order puts it below every number, so `nan == nan` is false there.
  [["-nc", `(${"999999999999999 * ".repeat(21)}10) as $i | $i - $i | [. == ., . < .]`], ""],
];

describe("jq's fast path", () => {
  it.each(answered)("answers jq %j on its input as jq 1.8.2 does", (argv, input, stdout, exitCode) => {
    expect(fastPath(argv, bytes(input))).toEqual({ stdout, exitCode });
  });

  it.runIf(existsSync(JQ))("expects what the jq 1.8.2 CLI prints", () => {
    for (const [argv, input, stdout, exitCode] of answered) {
      const real = spawnSync(JQ, argv, { input, env: {}, encoding: "utf8" });
      expect({ argv, stdout: real.stdout, exitCode: real.status }).toEqual({ argv, stdout, exitCode });
    }
  });

  it.each(declined)("leaves jq %j to jq", (argv, input) => {
    expect(fastPath(argv, bytes(input))).toBe(undefined);
  });

  it("leaves invalid UTF-8 and deep nesting to jq", () => {
    expect(
      fastPath(["-r", ".a"], new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])),
    ).toBe(undefined);
    const deep = `{"a":"x","d":${"[".repeat(300)}${"]".repeat(300)}}`;
    expect(fastPath(["-r", ".a"], bytes(deep))).toBe(undefined);
  });
});
