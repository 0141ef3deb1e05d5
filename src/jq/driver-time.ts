// Time imports of the jq wasm (gmtime/localtime/mktime/timegm/tzset/strptime).
// The Emscripten glue answers localtime/mktime/strptime in the HOST's time zone; a sandbox must not depend
// on (or reveal) that, so every function here works in UTC, which is what the jq CLI does with TZ unset.
//
// This module is loaded inside the jq worker as plain JS: it must not import anything (see worker.ts).

/** Memory accessor: the wasm memory can grow, so views are re-created on demand. */
export type HeapView = () => DataView;

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS_SUN_FIRST = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MS_PER_DAY = 86_400_000;

/** Writes the broken-down UTC time of `ms` into the C `struct tm` at `tm`. */
function writeTm(view: DataView, tm: number, ms: number): void {
  const date = new Date(ms);
  view.setInt32(tm, date.getUTCSeconds(), true);
  view.setInt32(tm + 4, date.getUTCMinutes(), true);
  view.setInt32(tm + 8, date.getUTCHours(), true);
  view.setInt32(tm + 12, date.getUTCDate(), true);
  view.setInt32(tm + 16, date.getUTCMonth(), true);
  view.setInt32(tm + 20, date.getUTCFullYear() - 1900, true);
  view.setInt32(tm + 24, date.getUTCDay(), true);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  view.setInt32(tm + 28, Math.floor((ms - yearStart) / MS_PER_DAY), true);
  view.setInt32(tm + 32, 0, true);
  view.setInt32(tm + 36, 0, true);
}

function readTmMs(view: DataView, tm: number): number {
  const year = view.getInt32(tm + 20, true) + 1900;
  const month = view.getInt32(tm + 16, true);
  const day = view.getInt32(tm + 12, true);
  const hour = view.getInt32(tm + 8, true);
  const minute = view.getInt32(tm + 4, true);
  const second = view.getInt32(tm, true);
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/**
 * The C string at `ptr`, its first `maxBytes` bytes at most, and whether it was longer. TM-MEM-002: decoded, a
 * string jq made (up to its 256 MiB of wasm memory) lands in the worker's 64 MiB heap; one of 85 MB aborted the
 * whole process (V8 lets one allocation past a worker's cap through, then cannot end the worker).
 */
function readCString(view: DataView, ptr: number, maxBytes: number): { text: string; cut: boolean } {
  const bytes = new Uint8Array(view.buffer, view.byteOffset);
  const stop = Math.min(bytes.length, ptr + maxBytes);
  let end = ptr;
  while (end < stop && bytes[end] !== 0) end++;
  const cut = end === stop && end < bytes.length && bytes[end] !== 0;
  return { text: new TextDecoder().decode(bytes.subarray(ptr, end)), cut };
}

export interface TimeImports {
  gmtime(time: bigint, tm: number): void;
  localtime(time: bigint, tm: number): void;
  mktime(tm: number): bigint;
  timegm(tm: number): bigint;
  tzset(timezone: number, daylight: number, stdName: number, dstName: number): void;
  strptime(buf: number, format: number, tm: number): number;
}

/**
 * Builds the UTC time imports over a (growable) wasm memory. strptime reads at most `maxStrptimeBytes` of its date
 * string (a match is anchored at its start and jq needs only the byte after it) and refuses a longer format.
 */
export function createTimeImports(heap: HeapView, maxStrptimeBytes: number): TimeImports {
  const toTime = (tm: number): bigint => {
    const view = heap();
    const ms = readTmMs(view, tm);
    if (Number.isNaN(ms)) return -1n;
    writeTm(view, tm, ms);
    return BigInt(Math.floor(ms / 1000));
  };
  const fromTime = (time: bigint, tm: number): void => writeTm(heap(), tm, Number(time) * 1000);
  return {
    gmtime: fromTime,
    localtime: fromTime,
    mktime: toTime,
    timegm: toTime,
    tzset(timezone, daylight, stdName, dstName) {
      const view = heap();
      view.setUint32(timezone, 0, true);
      view.setInt32(daylight, 0, true);
      for (const ptr of [stdName, dstName]) {
        "UTC".split("").forEach((c, i) => {
          view.setUint8(ptr + i, c.charCodeAt(0));
        });
        view.setUint8(ptr + 3, 0);
      }
    },
    strptime(buf, format, tm) {
      const view = heap();
      const pattern = readCString(view, format, maxStrptimeBytes);
      if (pattern.cut) return 0;
      const parsed = parseStrptime(readCString(view, buf, maxStrptimeBytes).text, pattern.text);
      if (!parsed) return 0;
      const ms = Date.UTC(parsed.year, parsed.month, parsed.day, parsed.hour, parsed.min, parsed.sec);
      writeTm(view, tm, ms);
      view.setInt32(tm + 36, parsed.gmtoff, true);
      return buf + new TextEncoder().encode(parsed.matched).length;
    },
  };
}

// The patterns below follow Emscripten's JS strptime (what jq-wasm ships), evaluated in UTC.
const EQUIVALENT: Record<string, string> = {
  A: "%a",
  B: "%b",
  c: "%a %b %d %H:%M:%S %Y",
  D: "%m\\/%d\\/%y",
  e: "%d",
  F: "%Y-%m-%d",
  h: "%b",
  R: "%H\\:%M",
  r: "%I\\:%M\\:%S\\s%p",
  T: "%H\\:%M\\:%S",
  x: "%m\\/%d\\/(?:%y|%Y)",
  X: "%H\\:%M\\:%S",
};
const PATTERNS: Record<string, string> = {
  a: "(?:Sun(?:day)?)|(?:Mon(?:day)?)|(?:Tue(?:sday)?)|(?:Wed(?:nesday)?)|(?:Thu(?:rsday)?)|(?:Fri(?:day)?)|(?:Sat(?:urday)?)",
  b: "(?:Jan(?:uary)?)|(?:Feb(?:ruary)?)|(?:Mar(?:ch)?)|(?:Apr(?:il)?)|May|(?:Jun(?:e)?)|(?:Jul(?:y)?)|(?:Aug(?:ust)?)|(?:Sep(?:tember)?)|(?:Oct(?:ober)?)|(?:Nov(?:ember)?)|(?:Dec(?:ember)?)",
  C: "\\d\\d",
  d: "0[1-9]|[1-9](?!\\d)|1\\d|2\\d|30|31",
  H: "\\d(?!\\d)|[0,1]\\d|20|21|22|23",
  I: "\\d(?!\\d)|0\\d|10|11|12",
  j: "00[1-9]|0?[1-9](?!\\d)|0?[1-9]\\d(?!\\d)|[1,2]\\d\\d|3[0-6]\\d",
  m: "0[1-9]|[1-9](?!\\d)|10|11|12",
  M: "0\\d|\\d(?!\\d)|[1-5]\\d",
  n: " ",
  p: "AM|am|PM|pm|A\\.M\\.|a\\.m\\.|P\\.M\\.|p\\.m\\.",
  S: "0\\d|\\d(?!\\d)|[1-5]\\d|60",
  U: "0\\d|\\d(?!\\d)|[1-4]\\d|50|51|52|53",
  W: "0\\d|\\d(?!\\d)|[1-4]\\d|50|51|52|53",
  w: "[0-6]",
  y: "\\d\\d",
  Y: "\\d\\d\\d\\d",
  t: " ",
  z: "Z|(?:[\\+\\-]\\d\\d:?(?:\\d\\d)?)",
};

interface ParsedTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  min: number;
  sec: number;
  gmtoff: number;
  matched: string;
}

function compileFormat(format: string): { regex: RegExp; capture: string[] } {
  let pattern = format;
  for (const c of "\\!@#$^&*()+=-[]/{}|:<>?,.") pattern = pattern.split(c).join(`\\${c}`);
  const capture: string[] = [];
  const source = pattern
    .replace(/%(.)/g, (m, c: string) => EQUIVALENT[c] ?? m)
    .replace(/%(.)/g, (_, c: string) => {
      const pat = PATTERNS[c];
      if (!pat) return c;
      capture.push(c);
      return `(${pat})`;
    })
    .replace(/\s+/g, "\\s*");
  return { regex: new RegExp(`^${source}`, "i"), capture };
}

function parseStrptime(input: string, format: string): ParsedTime | null {
  const { regex, capture } = compileFormat(format);
  const matches = regex.exec(input);
  if (!matches) return null;
  const get = (c: string): string | undefined => {
    const pos = capture.indexOf(c);
    return pos >= 0 ? matches[pos + 1] : undefined;
  };
  const date: ParsedTime = {
    year: 1970,
    month: 0,
    day: 1,
    hour: 0,
    min: 0,
    sec: 0,
    gmtoff: 0,
    matched: matches[0],
  };
  applyClock(date, get);
  applyCalendar(date, get);
  const zone = get("z");
  if (zone && zone.toLowerCase() !== "z") {
    const m = /^([-+]\d\d):?(\d\d)?/.exec(zone);
    if (m?.[1]) {
      date.gmtoff = Number(m[1]) * 3600;
      if (m[2]) date.gmtoff += date.gmtoff > 0 ? Number(m[2]) * 60 : -Number(m[2]) * 60;
    }
  }
  return date;
}

type Getter = (c: string) => string | undefined;

function applyClock(date: ParsedTime, get: Getter): void {
  const sec = get("S");
  if (sec) date.sec = Number(sec);
  const min = get("M");
  if (min) date.min = Number(min);
  const hour24 = get("H");
  const hour12 = get("I");
  if (hour24) date.hour = Number(hour24);
  else if (hour12) date.hour = Number(hour12) + (get("p")?.toUpperCase().startsWith("P") ? 12 : 0);
}

function applyCalendar(date: ParsedTime, get: Getter): void {
  const fullYear = get("Y");
  const shortYear = get("y");
  if (fullYear) date.year = Number(fullYear);
  else if (shortYear) {
    const century = get("C");
    const y = Number(shortYear);
    date.year = century ? y + Number(century) * 100 : y + (y < 69 ? 2000 : 1900);
  }
  const month = get("m");
  const monthName = get("b");
  if (month) date.month = Number(month) - 1;
  else if (monthName) date.month = Math.max(0, MONTHS.indexOf(monthName.slice(0, 3).toUpperCase()));
  const day = get("d");
  const yday = get("j");
  const weekDay = get("a");
  if (day) date.day = Number(day);
  else if (yday) setFromYearDay(date, Number(yday));
  else if (weekDay) setFromWeek(date, weekDay, get);
}

function setFromYearDay(date: ParsedTime, yday: number): void {
  const d = new Date(Date.UTC(date.year, 0, yday));
  date.month = d.getUTCMonth();
  date.day = d.getUTCDate();
}

function setFromWeek(date: ParsedTime, weekDay: string, get: Getter): void {
  const sunday = DAYS_SUN_FIRST.indexOf(weekDay.slice(0, 3).toUpperCase());
  const sundayWeek = get("U");
  const mondayWeek = get("W");
  const janFirst = new Date(Date.UTC(date.year, 0, 1)).getUTCDay();
  let offset: number;
  if (sundayWeek) {
    const week = Number(sundayWeek);
    offset = janFirst === 0 ? sunday + 7 * (week - 1) : 7 - janFirst + sunday + 7 * (week - 1);
  } else if (mondayWeek) {
    const monday = (sunday + 6) % 7;
    const week = Number(mondayWeek);
    offset = janFirst === 1 ? monday + 7 * (week - 1) : 7 - janFirst + 1 + monday + 7 * (week - 1);
  } else {
    return;
  }
  const d = new Date(Date.UTC(date.year, 0, 1 + offset));
  date.month = d.getUTCMonth();
  date.day = d.getUTCDate();
}
