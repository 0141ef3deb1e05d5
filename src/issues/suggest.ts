/**
 * Did-you-mean suggestions for flag names, enum values and command names.
 */

/** Words longer than this are not compared: the distance table is quadratic. */
const MAX_COMPARED_LENGTH = 64;

/**
 * Returns the candidate closest to `word` by optimal-string-alignment distance (Levenshtein plus
 * adjacent transpositions), compared case-insensitively with `-` and `_` treated alike, or undefined
 * when nothing is close enough to be a plausible typo. Ties go to the earlier candidate.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length > MAX_COMPARED_LENGTH) return undefined;
  const target = normalizeForComparison(word);
  const budget = allowedDistance(target.length);
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const candidate of candidates) {
    if (candidate.length > MAX_COMPARED_LENGTH || candidate === word) continue;
    const distance = editDistance(target, normalizeForComparison(candidate), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Short words tolerate one typo, never a full rewrite ("c" does not suggest "a"); longer words a few. */
function allowedDistance(length: number): number {
  if (length <= 1) return 0;
  if (length <= 3) return 1;
  if (length <= 6) return 2;
  return 3;
}

function normalizeForComparison(word: string): string {
  return word.toLowerCase().replace(/_/g, "-");
}

/** Optimal string alignment distance; returns `cap` early once the distance cannot go below it. */
function editDistance(left: string, right: string, cap: number = Number.POSITIVE_INFINITY): number {
  if (Math.abs(left.length - right.length) >= cap) return cap;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum >= cap) return cap;
    beforePrevious = previous;
    previous = current;
  }
  return previous[right.length] ?? 0;
}
