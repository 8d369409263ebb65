const ATX_OPEN = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const FENCE_LINE = /^( {0,3})(`{3,}|~{3,})/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The texts of the ATX headings (`## Title`) of a Markdown text up to `maxLevel`, outside fenced code,
 * in order: what a document says it is about, for routing.
 */
export function markdownHeadings(text: string, maxLevel = 3): string[] {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && !line.slice(f[0].length).trim())
        fence = undefined;
      continue;
    }
    if (f) {
      fence = f[1];
      continue;
    }
    const h = atxHeading(line);
    if (h && h.level <= maxLevel && h.text) headings.push(h.text);
  }
  return headings;
}

/** An ATX heading line (`## Title ##`): its level and its text without the closing #s; linear in the line. */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  const open = ATX_OPEN.exec(line);
  if (!open) return undefined;
  let text = trimEndBlank(line.slice(open[0].length));
  let start = 0;
  while (text[start] === ' ' || text[start] === '\t') start++;
  text = text.slice(start);
  let hashes = text.length;
  while (hashes > 0 && text[hashes - 1] === '#') hashes--;
  if (hashes > 0 && hashes < text.length && (text[hashes - 1] === ' ' || text[hashes - 1] === '\t'))
    text = trimEndBlank(text.slice(0, hashes));
  return { level: open[1].length, text };
}

/**
 * A line that opens a fenced code block: its indentation, its marker (``` or ~~~, or longer) and the
 * info string's first word; undefined when a backtick follows the marker (then it is inline code).
 */
export function fenceOpening(line: string): { indent: number; marker: string; lang: string } | undefined {
  const open = FENCE_LINE.exec(line);
  if (!open) return undefined;
  const rest = line.slice(open[0].length);
  if (rest.includes('`')) return undefined;
  return { indent: open[1].length, marker: open[2], lang: /^[ \t]*([^\s]*)/.exec(rest)![1] };
}

function trimEndBlank(s: string): string {
  let end = s.length;
  while (end > 0 && (s[end - 1] === ' ' || s[end - 1] === '\t')) end--;
  return s.slice(0, end);
}
