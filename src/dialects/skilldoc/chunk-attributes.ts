import type { Reporter } from './reporter.js';

/** One attribute of a `<chunk>` tag: its name and value, and the file offsets of both. */
export interface ChunkAttribute {
  name: string;
  value: string;
  nameOffset: number;
  offset: number;
}

const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/y;
const ENTITIES: Record<string, string> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>', '#39': "'" };

/**
 * Reads the attributes of a `<chunk ...>` tag in any order and with either quote style (an unquoted
 * value is accepted with a warning). A malformed tag is an error, and `undefined` is returned.
 */
export function readChunkAttributes(
  attrs: string,
  offset: number,
  report: Reporter,
): Map<string, ChunkAttribute> | undefined {
  const out = new Map<string, ChunkAttribute>();
  ATTRIBUTE.lastIndex = 0;
  let pos = 0;
  while (pos < attrs.length && attrs.slice(pos).trim()) {
    ATTRIBUTE.lastIndex = pos;
    const m = ATTRIBUTE.exec(attrs);
    if (!m) {
      report.error(
        'bad-chunk-tag',
        `cannot read the <chunk> tag from "${attrs.slice(pos).trim()}"; write it as <chunk id="examples" description="What this chunk holds">`,
        offset + pos,
        offset + attrs.length,
      );
      return undefined;
    }
    const [whole, name, double, single, bare] = m;
    const value = double ?? single ?? bare;
    const nameAt = offset + pos + whole.indexOf(name);
    if (value === undefined) {
      report.error(
        'bad-chunk-tag',
        `the <chunk> attribute "${name}" has no value; write ${name}="…"`,
        nameAt,
        nameAt + name.length,
      );
      return undefined;
    }
    const valueAt = offset + pos + whole.length - value.length - (bare === undefined ? 1 : 0);
    if (bare !== undefined)
      report.warn(
        'unquoted-attribute',
        `the value of the <chunk> attribute "${name}" is not quoted; write ${name}="${bare}"`,
        valueAt,
        valueAt + bare.length,
      );
    if (out.has(name)) {
      report.error(
        'bad-chunk-tag',
        `the <chunk> tag has "${name}" twice; keep one`,
        nameAt,
        nameAt + name.length,
      );
      return undefined;
    }
    out.set(name, { name, value: decodeEntities(value), nameOffset: nameAt, offset: valueAt });
    pos += whole.length;
  }
  return out;
}

function decodeEntities(value: string): string {
  return value.replace(/&(quot|apos|amp|lt|gt|#39);/g, (_, e: string) => ENTITIES[e]);
}
