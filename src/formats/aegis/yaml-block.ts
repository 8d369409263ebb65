import { isMap, isPair, isScalar, isSeq, parseDocument, visit, type Document, type Node } from 'yaml';
import type { Reporter } from './reporter.js';

/** A parsed ```yaml block whose node ranges can be turned into file offsets. */
export interface YamlBlock {
  value: unknown;
  doc: Document.Parsed;
  /** File offset where the block's content starts. */
  base: number;
}

/**
 * Parses the YAML of a fenced block. YAML errors are reported at their file position. So is the silent
 * mistake `key: {{var}}`, which YAML reads without error as a nested flow map.
 */
export function parseYamlBlock(content: string, base: number, report: Reporter): YamlBlock | undefined {
  const doc = parseDocument(content, { uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  for (const e of doc.errors) {
    const message = e.message.split('\n')[0];
    const hint = /\{\{/.test(content.slice(Math.max(0, e.pos[0] - 40), e.pos[1] + 2))
      ? '; a value that starts with {{ must be quoted: key: "{{var}}"'
      : '';
    report.error('yaml', `YAML: ${message}${hint}`, base + e.pos[0], base + e.pos[1]);
  }
  if (doc.errors.length) return undefined;
  let unquoted = false;
  visit(doc, {
    Map(_key, node) {
      if (node.flow && node.range && content.startsWith('{{', node.range[0])) {
        const end = node.range[1];
        const text = content.slice(node.range[0], end).trim();
        report.error(
          'unquoted-template',
          `YAML reads the unquoted ${text} as a nested map, not a template; quote it: "${text}"`,
          base + node.range[0],
          base + end,
        );
        unquoted = true;
        return visit.SKIP;
      }
    },
  });
  if (unquoted) return undefined;
  return { value: doc.toJS({ maxAliasCount: 100 }), doc, base };
}

/** The node at a key path inside the block, or the deepest one that exists. */
export function nodeAt(
  block: YamlBlock,
  path: readonly (string | number)[],
  wantKey = false,
): Node | undefined {
  let node: unknown = block.doc.contents;
  let keyNode: unknown;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg),
      );
      if (!pair) break;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg]) {
      keyNode = undefined;
      node = node.items[seg];
    } else break;
  }
  return ((wantKey && keyNode) || node || block.doc.contents) as Node | undefined;
}

/** The file offsets `[start, end)` of the node at a key path (its key, with `wantKey`). */
export function rangeAt(
  block: YamlBlock,
  path: readonly (string | number)[],
  wantKey = false,
): [number, number] {
  const node = nodeAt(block, path, wantKey);
  const r = node?.range;
  return r ? [block.base + r[0], block.base + r[1]] : [block.base, block.base];
}
