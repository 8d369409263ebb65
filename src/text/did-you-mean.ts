/**
 * Up to `limit` candidates near `word`, closest first (ties in the candidates' order): one contains
 * the other (both at least three characters), or they are within max(2, ⌊length / 3⌋) edits, case
 * ignored. For "did you mean" hints in diagnostics and errors.
 */
export function nearestNames(word: string, candidates: Iterable<string>, limit = 3): string[] {
  const wanted = word.toLowerCase();
  const within = Math.max(2, Math.floor(wanted.length / 3));
  const near: { name: string; d: number }[] = [];
  for (const name of candidates) {
    const candidate = name.toLowerCase();
    const contains =
      Math.min(wanted.length, candidate.length) >= 3 &&
      (candidate.includes(wanted) || wanted.includes(candidate));
    const d = contains ? 0.5 : editDistance(wanted, candidate);
    if (d <= within) near.push({ name, d });
  }
  return near
    .sort((a, b) => a.d - b.d)
    .slice(0, limit)
    .map((c) => c.name);
}

/** The candidate closest to `word`, if one is near (see `nearestNames`). */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return nearestNames(word, candidates, 1)[0];
}

/** `; did you mean "x"?` when a close candidate exists, else ''. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c ? `; did you mean "${c}"?` : '';
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
