const WIDTH = 240;

/** The part of a chunk to show for a search: the whole chunk when short, else a window around the first query word found. */
export function snippetOf(text: string, words: readonly string[]): string {
  if (text.length <= WIDTH) return text;
  const lower = text.toLowerCase();
  const found = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const at = found.length ? Math.min(...found) : 0;
  const start = Math.max(0, Math.min(at - WIDTH / 4, text.length - WIDTH));
  const end = Math.min(text.length, start + WIDTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
