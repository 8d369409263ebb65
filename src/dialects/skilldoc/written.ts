import { isScalar, type Node } from 'yaml';
import type { Frontmatter } from './frontmatter.js';

/** A frontmatter value as written: its text, and its file offsets when known. */
export interface Written {
  /** A scalar's text as written (`1.0` stays `1.0`, `2048` is `2048`); a collection's source text. */
  text: string;
  start: number;
  end: number;
  scalar: boolean;
}

/**
 * The value at `path` (a top-level key, or `metadata` and a key) as written in the file. Readers such
 * as the reference validator (strictyaml) take every scalar as text, so `name: 2048` is the name
 * "2048" and `version: 1.0` is "1.0", not the number 1.
 */
export function written(fm: Frontmatter, path: readonly string[]): Written | undefined {
  const node = fm.doc?.getIn(path, true) as Node | undefined;
  if (!node || !node.range) return undefined;
  const [from, to] = node.range;
  // A repaired document's offsets are off by the quotes added; the key's own offsets are not.
  const key = path.length === 1 ? fm.keys.get(path[0]) : undefined;
  const start = fm.repaired ? (key?.valueOffset ?? fm.offset) : fm.offset + from;
  const end = fm.repaired ? start + (key?.raw.length ?? 0) : fm.offset + to;
  if (isScalar(node)) {
    const text = typeof node.value === 'string' ? node.value : (node.source ?? String(node.value));
    return { text, start, end, scalar: true };
  }
  return { text: fm.yaml.slice(from, to).trim(), start, end, scalar: false };
}

/**
 * A field read as text: a string as it is, a number or boolean as written; undefined when the field
 * is missing or null; `null` when it is a list or mapping (not text at all).
 */
export function textField(fm: Frontmatter, key: string): string | null | undefined {
  const value = fm.values[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return null;
  return written(fm, [key])?.text ?? String(value);
}

/** The number of characters of a text, as the spec counts them: code points, not UTF-16 units. */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
