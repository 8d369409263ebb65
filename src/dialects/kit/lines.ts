/** Offset of the line break ending the line at `pos` (or the end of the text). */
export function lineEnd(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i === -1 ? text.length : i;
}

/** Offset of the line after the one at `pos` (or the end of the text). */
export function nextLine(text: string, pos: number): number {
  const i = text.indexOf('\n', pos);
  return i === -1 ? text.length : i + 1;
}

/** A line without its carriage return, for CRLF files. */
export function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
