/**
 * The span to drop with a tag alone on its line (spaces and tabs aside): from the line's start to
 * after its line break; undefined when the tag shares its line with other text.
 */
export function standaloneLine(
  source: string,
  start: number,
  end: number,
): { from: number; to: number } | undefined {
  let from = start;
  while (from > 0 && (source[from - 1] === ' ' || source[from - 1] === '\t')) from--;
  if (from > 0 && source[from - 1] !== '\n') return undefined;
  let to = end;
  while (to < source.length && (source[to] === ' ' || source[to] === '\t')) to++;
  if (to === source.length) return { from, to };
  if (source[to] === '\n') return { from, to: to + 1 };
  if (source[to] === '\r' && source[to + 1] === '\n') return { from, to: to + 2 };
  return undefined;
}
