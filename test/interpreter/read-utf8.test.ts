// Patches 0520-read-decodes-utf8 and 0521-mapfile-decodes-utf8: read and mapfile/readarray store UTF-8 input as
// characters, as GNU bash does under a UTF-8 locale (the suite's bash runs with LC_ALL=C.UTF-8): ${#x} of "Díaz" is 4,
// ${x:0:2} and ${x^^} work on characters. just-bash stored the input bytes, so ${#x} counted bytes (5).
import { describe, expect, it } from "vitest";
import { againstBash } from "../bash-reference.js";
import { MODES } from "../helpers.js";

const READ = [
  `set -euo pipefail\nwhile IFS= read -r name; do\n  echo "$name \${#name} \${name:0:7} \${name^^}"\ndone <<< "$(printf 'Carla Díaz\\nFrank Müller\\n')"`,
  `printf 'Zoë;Łukasz\\n' | while IFS=';' read -r first last; do echo "$first=\${#first} $last=\${#last}"; done`,
  `read -r x <<< "naïve café"; echo "\${#x} \${x:2:3} \${x~~} \${x%é}"`,
  `read -r -a words <<< "é ü ñ"; echo "\${#words[@]} \${#words[0]} \${words[2]}"`,
  `{ read -r l1; read -r l2; } <<EOF\nañb\nÿes\nEOF\necho "\${#l1} \${#l2} $l1 $l2"`,
  `echo "日本語 テスト" | { read -r j rest; echo "\${#j} \${j:1:1} \${#rest}"; }`,
  `read <<< "Ωx"; echo "\${#REPLY}"; read -r a b <<< "ü  ö"; echo "\${#a}\${#b}"`,
  `s=""; printf 'ñ\\nü\\n' | { while read -r c; do s+="$c"; echo "\${#s}"; done; }`,
  `printf '%s\\n' "Müller" | while read -r n; do [[ $n == M?ller ]] && echo match; case $n in M?ller) echo case;; esac; done`,
];

const MAPFILE = [
  `printf 'é\\nàb\\n' | { mapfile -t rows; echo "\${#rows[0]} \${#rows[1]} \${rows[1]^^}"; }`,
  `readarray -t rows <<< "$(printf 'ü\\nöö\\n')"; echo "\${#rows[0]} \${#rows[1]}"`,
  `mapfile rows <<< "Zoë"; echo "\${#rows[0]}"; mapfile -d , -t parts <<< "añ,bé"; echo "\${#parts[0]} \${parts[1]}"`,
];

describe.each(MODES)("read stores UTF-8 input as characters (%s)", (mode) => {
  it.each(READ)("as GNU bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

describe.each(MODES)("mapfile/readarray store UTF-8 input as characters (%s)", (mode) => {
  it.each(MAPFILE)("as GNU bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});

// Patch 0522-read-n-counts-characters: read -n N and read -N N count UTF-8 characters, as bash does under a UTF-8
// locale; just-bash counted bytes, so read -N 1 of "é" stored half a character ("Ã").
const COUNTS = [
  `read -n 2 x <<< "éab"; echo "$x"; read -N 1 y <<< "éab"; echo "$y"`,
  `read -N 3 z <<< "日本語x"; echo "$z \${#z}"; read -n 1 c <<< "ñ"; echo "$c"`,
  `printf 'üöä' | { read -N 2 a; echo "$a $?"; read -N 5 b; echo "$b $?"; }`,
  `while IFS= read -r -n 1 ch; do printf '<%s>' "$ch"; done <<< "aé日"; echo`,
  `printf 'ab\\ncd\\n' | { read -n 5 q; echo "[$q]"; read -N 4 r; echo "[$r]"; }`,
];

describe.each(MODES)("read -n / -N count characters (%s)", (mode) => {
  it.each(COUNTS)("as GNU bash: %s", async (script) => {
    const { bash, toolshell } = await againstBash(script, mode);
    expect(toolshell).toEqual(bash);
  });
});
