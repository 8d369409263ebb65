/** A piece of a stored memory and its lines, counted from the entry's first line (1). */
export interface TextChunk {
  text: string;
  firstLine: number;
  lastLine: number;
}

const MAX_CHARS = 1000;
const MAX_LINES = 20;

/**
 * Splits text into search units of at most about 1000 characters or 20 lines, cutting at a blank line
 * once a unit is half full, else between lines. Blank lines never start or end a unit.
 */
export function chunkText(text: string): TextChunk[] {
  const lines = text.split(/\r?\n/);
  const chunks: TextChunk[] = [];
  let first = -1;
  let last = -1;
  let size = 0;
  const flush = () => {
    if (first !== -1)
      chunks.push({
        text: lines.slice(first, last + 1).join('\n'),
        firstLine: first + 1,
        lastLine: last + 1,
      });
    first = -1;
    size = 0;
  };
  lines.forEach((line, i) => {
    const blank = !line.trim();
    if (
      first !== -1 &&
      (size + line.length > MAX_CHARS || i - first + 1 > MAX_LINES || (blank && size >= MAX_CHARS / 2))
    )
      flush();
    if (first === -1) {
      if (blank) return;
      first = i;
    }
    size += line.length + 1;
    if (!blank) last = i;
  });
  flush();
  return chunks;
}
