import { atxHeading, fenceOpening } from '../kit/headings.js';
import { lineEnd, nextLine, stripCr } from '../kit/lines.js';
/**
 * A line scanner for AgenticDSL Markdown: `### AgenticDSL \`/path\`` headings and the fenced blocks after
 * them. It keeps file offsets and builds no Markdown tree; fences hide what is inside them, so a heading
 * quoted in a code sample is not a declaration.
 */

/** An `### AgenticDSL \`/path\`` heading. */
export interface DslHeading {
  /** Offset of the heading line. */
  offset: number;
  level: number;
  /** The text between backticks, if any, and its offset. */
  path?: string;
  pathOffset: number;
  /** The heading text after `AgenticDSL`, for messages when the path is missing. */
  rest: string;
}

/** A fenced code block and its content, with file offsets. */
export interface DslFence {
  offset: number;
  /** The info string's first word, lower-cased. */
  lang: string;
  content: string;
  contentOffset: number;
  closed: boolean;
}

/** A heading with the fence that follows it, or a fence with AgenticDSL markers and no heading. */
export interface DslBlock {
  heading?: DslHeading;
  fence?: DslFence;
}

const NAMED = /^AgenticDSL\b[ \t]*/i;
const BEGIN = /#[ \t]*-+[ \t]*BEGIN[ \t]+AgenticDSL\b/i;
const QUICK = /^ {0,3}#{1,6}[ \t]+AgenticDSL\b|BEGIN[ \t]+AgenticDSL/im;

/** Whether the text has AgenticDSL declarations outside code samples (a quick test first). */
export function hasAgenticDsl(text: string): boolean {
  return QUICK.test(text) && scanAgenticDsl(text).length > 0;
}

/** The AgenticDSL blocks of a Markdown file, in order. */
export function scanAgenticDsl(text: string): DslBlock[] {
  const blocks: DslBlock[] = [];
  let pending: DslBlock | undefined;
  let pos = 0;
  while (pos < text.length) {
    const end = lineEnd(text, pos);
    const line = stripCr(text.slice(pos, end));
    const fence = fenceOpening(line);
    if (fence) {
      const contentOffset = nextLine(text, pos);
      const closeAt = findClose(text, contentOffset, fence.marker);
      const closed = closeAt !== -1;
      const content = text.slice(contentOffset, closed ? closeAt : text.length);
      const found: DslFence = { offset: pos, lang: fence.lang.toLowerCase(), content, contentOffset, closed };
      if (pending && !pending.fence) pending.fence = found;
      else if (BEGIN.test(content)) blocks.push({ fence: found });
      pos = closed ? nextLine(text, closeAt) : text.length;
      continue;
    }
    const heading = dslHeading(line);
    if (heading) {
      const rest = heading.rest;
      const tick = /`([^`]*)`/.exec(rest);
      const restOffset = pos + line.length - line.replace(/^.*?AgenticDSL\b[ \t]*/i, '').length;
      pending = {
        heading: {
          offset: pos,
          level: heading.level,
          path: tick ? tick[1] : undefined,
          pathOffset: tick ? restOffset + tick.index + 1 : restOffset,
          rest,
        },
      };
      blocks.push(pending);
    } else if (/^ {0,3}#{1,6}[ \t]/.test(line)) pending = undefined;
    pos = nextLine(text, pos);
  }
  return blocks;
}

/** Offset of the line that closes a fence opened with `marker`, or -1. */
function findClose(text: string, from: number, marker: string): number {
  let pos = from;
  while (pos < text.length) {
    const line = stripCr(text.slice(pos, lineEnd(text, pos))).replace(/^ {0,3}/, '');
    if (line[0] === marker[0]) {
      let n = 0;
      while (line[n] === marker[0]) n++;
      if (n >= marker.length && line.slice(n).trim() === '') return pos;
    }
    pos = nextLine(text, pos);
  }
  return -1;
}

/** A heading `### AgenticDSL <rest>`: its level and what follows the name. */
function dslHeading(line: string): { level: number; rest: string } | undefined {
  const h = atxHeading(line);
  const named = h && NAMED.exec(h.text);
  return named ? { level: h.level, rest: h.text.slice(named[0].length) } : undefined;
}
