const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
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
    const h = HEADING.exec(line);
    if (h && h[1].length <= maxLevel && h[2].trim()) headings.push(h[2].trim());
  }
  return headings;
}
