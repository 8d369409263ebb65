/** Where the YAML frontmatter of a document is, as offsets into the file. */
export interface FrontmatterBlock {
  /** The YAML between the `---` lines. */
  yaml: string;
  yamlStart: number;
  /** Offset of the first line after the closing `---`; the body starts here. */
  bodyStart: number;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^---[ \t]*\r?$/;

/**
 * Finds a frontmatter: a first line `---`, YAML, and a closing `---` line (LF or CRLF line ends).
 * `undefined` when the file does not start with `---`; `'unclosed'` when no closing line follows.
 */
export function findFrontmatter(text: string): FrontmatterBlock | 'unclosed' | undefined {
  const open = OPEN.exec(text);
  if (!open) return undefined;
  const yamlStart = open[0].length;
  let pos = yamlStart;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    if (CLOSE.test(text.slice(pos, end))) {
      return { yaml: text.slice(yamlStart, pos), yamlStart, bodyStart: nl === -1 ? text.length : nl + 1 };
    }
    pos = end + 1;
  }
  return 'unclosed';
}

/** Whether a frontmatter has a top-level `name:` or `description:` key (a cheap test for claiming a file). */
export function hasNameOrDescription(yaml: string): boolean {
  return /^(?:name|description)[ \t]*:/m.test(yaml);
}
