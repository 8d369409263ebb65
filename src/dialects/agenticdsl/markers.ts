// The tail `[ \t]*-*[ \t]*$` is checked in code: as a pattern it is quadratic in a run of blanks.
const BEGIN = /^[ \t]*#[ \t]*-+[ \t]*BEGIN[ \t]+AgenticDSL/i;
const END = /^[ \t]*#[ \t]*-+[ \t]*END[ \t]+AgenticDSL/i;

/** Whether `line` is the marker `pattern` matches, followed by nothing but blanks around dashes. */
function isMarker(pattern: RegExp, line: string): boolean {
  const m = pattern.exec(line);
  if (!m) return false;
  let start = m[0].length;
  let end = line.length;
  while (start < end && (line[start] === ' ' || line[start] === '\t')) start++;
  while (end > start && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  while (start < end && line[start] === '-') start++;
  return start === end;
}

/** Where a block's boundary comments are, and the YAML between them (offsets inside the block's content). */
export interface Markers {
  begin?: number;
  end?: number;
  /** The YAML to read: between the markers, or the whole content when one is missing. */
  yamlStart: number;
  yamlEnd: number;
  /** A line with content outside the markers (ignored), if any. */
  outside?: number;
}

/** Finds `# --- BEGIN AgenticDSL ---` and `# --- END AgenticDSL ---` in a block's content. */
export function findMarkers(content: string): Markers {
  let begin: number | undefined;
  let end: number | undefined;
  const lines: { offset: number; text: string }[] = [];
  for (let pos = 0; pos < content.length;) {
    const nl = content.indexOf('\n', pos);
    const stop = nl === -1 ? content.length : nl;
    const text = content.slice(pos, stop).replace(/\r$/, '');
    if (begin === undefined && isMarker(BEGIN, text)) begin = pos;
    else if (begin !== undefined && end === undefined && isMarker(END, text)) end = pos;
    else if (end === undefined && begin === undefined && isMarker(END, text)) end = pos;
    lines.push({ offset: pos, text });
    pos = stop + 1;
  }
  const yamlStart = begin === undefined ? 0 : lineAfter(content, begin);
  const yamlEnd = end === undefined ? content.length : end;
  const outside = lines.find(
    (l) =>
      (l.offset < yamlStart || l.offset >= yamlEnd) &&
      l.offset !== begin &&
      l.offset !== end &&
      l.text.trim() &&
      !l.text.trim().startsWith('#'),
  )?.offset;
  return { begin, end, yamlStart, yamlEnd: Math.max(yamlStart, yamlEnd), outside };
}

function lineAfter(content: string, pos: number): number {
  const nl = content.indexOf('\n', pos);
  return nl === -1 ? content.length : nl + 1;
}
