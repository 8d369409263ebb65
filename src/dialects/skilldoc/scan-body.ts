/**
 * A line scanner for the body of a skill document: ATX headings and `<chunk>` tags outside fenced
 * code blocks. It builds no Markdown tree; it keeps file offsets, so diagnostics and the cut-out of
 * chunks both work on the text as written.
 */

export interface HeadingLine {
  kind: 'heading';
  level: number;
  text: string;
  /** Offsets of the line and just past its end (its newline included). */
  offset: number;
  end: number;
}

export interface ChunkOpen {
  kind: 'open';
  /** Offset of `<chunk`. */
  offset: number;
  /** The text between `<chunk` and `>` (attributes), and its offset. */
  attrs: string;
  attrsOffset: number;
  /** Offset just past `>`, or -1 when the line has no `>`. */
  tagEnd: number;
  selfClosing: boolean;
  lineStart: number;
  lineEnd: number;
}

export interface ChunkClose {
  kind: 'close';
  /** Offsets of `</chunk>` and just past it. */
  offset: number;
  end: number;
  /** Offset just past the line (its newline included). */
  lineEnd: number;
}

export type BodyMark = HeadingLine | ChunkOpen | ChunkClose;

export interface ScannedBody {
  marks: BodyMark[];
  /** Offset of a fence that is never closed (it hides everything after it), if any. */
  unclosedFence?: number;
}

import { atxHeading } from '../kit/headings.js';

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})/;
const CHUNK_OPEN = /^ {0,3}<chunk(?=[\s>/])/;
const CLOSE_TAG = '</chunk>';

/** Finds the headings and chunk tags of `text` from `start` on, skipping fenced code. */
export function scanBody(text: string, start: number): ScannedBody {
  const marks: BodyMark[] = [];
  let fence: { marker: string; offset: number } | undefined;
  let pos = start;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const lineEnd = nl === -1 ? text.length : nl + 1;
    const line = text.slice(pos, nl === -1 ? text.length : nl).replace(/\r$/, '');
    if (fence) {
      if (closesFence(line, fence.marker)) fence = undefined;
    } else {
      const f = FENCE_OPEN.exec(line);
      if (f && !(f[1][0] === '`' && line.slice(f[0].length).includes('`')))
        fence = { marker: f[1], offset: pos };
      else if (CHUNK_OPEN.test(line)) scanOpenLine(line, pos, lineEnd, marks);
      else {
        const h = atxHeading(line);
        if (h) {
          marks.push({ kind: 'heading', level: h.level, text: h.text, offset: pos, end: lineEnd });
        } else pushClose(line, pos, lineEnd, 0, marks);
      }
    }
    pos = lineEnd;
  }
  return fence ? { marks, unclosedFence: fence.offset } : { marks };
}

function scanOpenLine(line: string, pos: number, lineEnd: number, marks: BodyMark[]): void {
  const lt = line.indexOf('<');
  const attrsStart = lt + '<chunk'.length;
  const gt = tagEnd(line, attrsStart);
  const selfClosing = gt > 0 && line[gt - 1] === '/';
  const attrs = gt === -1 ? line.slice(attrsStart) : line.slice(attrsStart, selfClosing ? gt - 1 : gt);
  marks.push({
    kind: 'open',
    offset: pos + lt,
    attrs,
    attrsOffset: pos + attrsStart,
    tagEnd: gt === -1 ? -1 : pos + gt + 1,
    selfClosing,
    lineStart: pos,
    lineEnd,
  });
  if (gt !== -1 && !selfClosing) pushClose(line, pos, lineEnd, gt + 1, marks);
}

/** The index of the `>` that ends a tag, skipping `>` inside quoted attribute values; -1 if none. */
function tagEnd(line: string, from: number): number {
  let quote = '';
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

/** A `</chunk>` that starts or ends the (rest of the) line closes a chunk; one inside prose does not. */
function pushClose(line: string, pos: number, lineEnd: number, from: number, marks: BodyMark[]): void {
  const rest = line.slice(from);
  const trimmed = rest.trim();
  let at = -1;
  if (trimmed.startsWith(CLOSE_TAG)) at = from + rest.indexOf(CLOSE_TAG);
  else if (trimmed.endsWith(CLOSE_TAG)) at = from + rest.lastIndexOf(CLOSE_TAG);
  if (at === -1) return;
  marks.push({ kind: 'close', offset: pos + at, end: pos + at + CLOSE_TAG.length, lineEnd });
}

function closesFence(line: string, marker: string): boolean {
  const t = line.replace(/^ {0,3}/, '');
  let n = 0;
  while (t[n] === marker[0]) n++;
  return n >= marker.length && t.slice(n).trim() === '';
}
