import { readChunkAttributes } from './chunk-attributes.js';
import type { Reporter } from './reporter.js';
import type { ChunkOpen, ScannedBody } from './scan-body.js';

/** A `<chunk id description>` block: loaded on demand, cut out of the core. */
export interface Chunk {
  id: string;
  description: string;
  content: string;
}

/** The body split into chunks and the core (everything outside them). */
export interface ChunkedBody {
  chunks: Chunk[];
  /** The core text, LF line ends, chunks removed and the seams closed, trimmed. */
  core: string;
  /** The id of the chunk that holds a file offset, if one does. */
  chunkAt(offset: number): string | undefined;
}

const KNOWN_ATTRIBUTES = new Set(['id', 'description']);

/**
 * Pairs `<chunk>` tags with `</chunk>`: a chunk opened inside another, a chunk never closed and a
 * stray `</chunk>` are errors at their positions; so are a missing or duplicate id.
 */
export function splitChunks(
  text: string,
  bodyStart: number,
  scanned: ScannedBody,
  report: Reporter,
): ChunkedBody {
  const chunks: Chunk[] = [];
  const regions: [number, number, string][] = [];
  let open: { tag: ChunkOpen; id?: string; description?: string } | undefined;
  for (const mark of scanned.marks) {
    if (mark.kind === 'open') {
      if (mark.tagEnd === -1) {
        report.error(
          'bad-chunk-tag',
          'the <chunk tag has no closing ">" on its line; write <chunk id="…" description="…"> on one line',
          mark.offset,
          mark.lineEnd,
        );
        continue;
      }
      if (mark.selfClosing) {
        report.error(
          'bad-chunk-tag',
          'a self-closing <chunk …/> holds nothing; write <chunk id="…" description="…">, the content, then </chunk>',
          mark.offset,
          mark.tagEnd,
        );
        continue;
      }
      if (open) {
        const outer = report.src.position(open.tag.offset);
        report.error(
          'nested-chunk',
          `a <chunk> starts inside chunk "${open.id ?? '?'}" (opened at line ${outer.line}); chunks cannot nest: close the first one with </chunk> before opening the next`,
          mark.offset,
          mark.tagEnd,
        );
        continue;
      }
      open = { tag: mark, ...readIdentity(mark, report) };
    } else if (mark.kind === 'close') {
      if (!open) {
        report.error(
          'stray-chunk-close',
          '</chunk> closes no chunk; remove it or open the chunk with <chunk id="…" description="…">',
          mark.offset,
          mark.end,
        );
        continue;
      }
      const content = text.slice(open.tag.tagEnd, mark.offset).replace(/\r\n/g, '\n').trim();
      if (open.id !== undefined) {
        if (chunks.some((c) => c.id === open!.id))
          report.error(
            'duplicate-chunk',
            `two chunks have the id "${open.id}"; give each chunk its own id`,
            open.tag.offset,
            open.tag.tagEnd,
          );
        else {
          if (!content)
            report.warn(
              'empty-chunk',
              `chunk "${open.id}" is empty; put its text between the tags or remove it`,
              open.tag.offset,
              open.tag.tagEnd,
            );
          chunks.push({
            id: open.id,
            description: open.description ?? open.id,
            content,
          });
        }
      }
      const restBlank = !text.slice(mark.end, mark.lineEnd).trim();
      regions.push([open.tag.lineStart, restBlank ? mark.lineEnd : mark.end, open.id ?? '?']);
      open = undefined;
    }
  }
  if (open) {
    const fence =
      scanned.unclosedFence !== undefined && scanned.unclosedFence > open.tag.offset
        ? scanned.unclosedFence
        : undefined;
    const hint =
      fence === undefined
        ? ''
        : ` (a code fence opened at line ${report.src.position(fence).line} is never closed, which hides the rest of the file)`;
    report.error(
      'unclosed-chunk',
      `chunk "${open.id ?? '?'}" is never closed${hint}; end it with a line </chunk>`,
      open.tag.offset,
      open.tag.tagEnd,
    );
  }
  return {
    chunks,
    core: cutRegions(text, bodyStart, regions),
    chunkAt: (offset) => regions.find(([from, to]) => offset >= from && offset < to)?.[2],
  };
}

function readIdentity(tag: ChunkOpen, report: Reporter): { id?: string; description?: string } {
  const attrs = readChunkAttributes(tag.attrs, tag.attrsOffset, report);
  if (!attrs) return {};
  for (const a of attrs.values())
    if (!KNOWN_ATTRIBUTES.has(a.name))
      report.warn(
        'unknown-chunk-attribute',
        `the <chunk> attribute "${a.name}" is not used; a chunk has id and description`,
        a.nameOffset,
        a.nameOffset + a.name.length,
      );
  const id = attrs.get('id');
  const description = attrs.get('description');
  if (!id || !id.value.trim()) {
    report.error(
      'missing-chunk-id',
      'the chunk has no id; add one: <chunk id="examples" description="…">',
      tag.offset,
      tag.tagEnd,
    );
    return {};
  }
  if (/\s/.test(id.value)) {
    report.error(
      'bad-chunk-id',
      `the chunk id "${id.value}" contains spaces; an id is one word such as "usage-examples"`,
      id.offset,
      id.offset + id.value.length,
    );
    return {};
  }
  if (!description || !description.value.trim()) {
    report.warn(
      'missing-chunk-description',
      `chunk "${id.value}" has no description; the agent sees only its id: add description="What this chunk holds"`,
      tag.offset,
      tag.tagEnd,
    );
    return { id: id.value };
  }
  return { id: id.value, description: description.value.trim() };
}

/** The text from `start` without the regions, the pieces joined by one blank line. */
function cutRegions(text: string, start: number, regions: readonly [number, number, string][]): string {
  const pieces: string[] = [];
  let pos = start;
  for (const [from, to] of regions) {
    pieces.push(text.slice(pos, from));
    pos = to;
  }
  pieces.push(text.slice(pos));
  return pieces
    .map((p) =>
      p
        .replace(/\r\n/g, '\n')
        .replace(/^(?:[ \t]*\n)+/, '')
        .trimEnd(),
    )
    .filter(Boolean)
    .join('\n\n')
    .trim();
}
