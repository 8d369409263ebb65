import type { OffsetEdit } from '../../ir/source.js';
import type { Frontmatter } from './frontmatter.js';
import { written } from './written.js';

/**
 * The edit that moves a top-level field under `metadata:` as text (the spec's place for "additional
 * properties not defined by the Agent Skills spec"; its values are strings, so the value is quoted as
 * written): the field's lines removed, one line added to the metadata mapping, or a new mapping at the
 * end. Undefined when the frontmatter's layout leaves no clean place (inline metadata, the key taken).
 */
export function moveUnderMetadata(
  fm: Frontmatter,
  key: string,
): { edit: OffsetEdit; line: string } | undefined {
  const value = written(fm, [key]);
  if (fm.repaired || !value) return undefined;
  const meta = fm.values.metadata;
  if (meta && typeof meta === 'object' && key in meta) return undefined;
  const cr = fm.yaml.includes('\r\n') ? '\r' : '';
  const lines = fm.yaml.split('\n');
  const from = lines.findIndex((l) => topKey(l) === key);
  if (from < 0) return undefined;
  const rest = [...lines.slice(0, from), ...lines.slice(blockEnd(lines, from))];
  const text = value.scalar || !value.text.includes('\n') ? value.text : JSON.stringify(fm.values[key]);
  const m = rest.findIndex((l) => topKey(l) === 'metadata');
  let indent = '  ';
  if (m < 0) {
    const end = rest.length && rest[rest.length - 1] === '' ? rest.length - 1 : rest.length;
    rest.splice(end, 0, `metadata:${cr}`, `${indent}${key}: ${JSON.stringify(text)}${cr}`);
  } else {
    if (rest[m].replace(/\r$/, '').trim() !== 'metadata:') return undefined;
    const end = blockEnd(rest, m);
    if (end > m + 1) indent = /^[ \t]*/.exec(rest[m + 1])![0];
    rest.splice(end, 0, `${indent}${key}: ${JSON.stringify(text)}${cr}`);
  }
  return {
    edit: { start: fm.offset, end: fm.offset + fm.yaml.length, text: rest.join('\n') },
    line: `${key}: ${JSON.stringify(text)}`,
  };
}

/** The key of a top-level `key:` line, else undefined. */
function topKey(line: string): string | undefined {
  const m = /^([^\s#:'"-][^:]*):(?:[ \t]|\r?$)/.exec(line);
  return m?.[1].trimEnd();
}

/** The index after a top-level key's lines: its own and the indented (or `- item`) lines below it. */
function blockEnd(lines: readonly string[], at: number): number {
  let i = at + 1;
  while (i < lines.length && /^([ \t]+\S|- |-\r?$)/.test(lines[i])) i++;
  return i;
}
