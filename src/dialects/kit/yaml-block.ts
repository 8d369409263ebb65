import { isMap, isPair, isScalar, isSeq, visit, type Document, type Node } from 'yaml';
import { readYaml, yamlValue } from './read-yaml.js';

/** A parsed YAML block whose node ranges can be turned into file offsets. */
export interface YamlBlock {
  doc: Document.Parsed;
  /** The whole block as JS values. */
  value: unknown;
  /** File offset where the YAML text starts. */
  base: number;
  /** The file's text, for mapping positions inside scalars. */
  text: string;
}

/** Where a YAML block's mistakes go: the dialect's reporter. */
export interface YamlReporter {
  error(code: 'yaml' | 'unquoted-template', message: string, start: number, end?: number): void;
}

/** How a dialect names its templates in the hints of YAML mistakes. */
export interface YamlHints {
  /** What starts a template inside a value (`{{`, or `{{` and `{%`). */
  opens: RegExp;
  /** Said after a YAML error near a template: how to quote it. */
  quote: string;
  /** What an unquoted `{{…}}` was meant to be (`a template`, `an Inja expression`). */
  meant: string;
  /** Said after an alias error. */
  aliases: string;
}

/**
 * Parses the YAML of a block. YAML errors are reported at their file position, and so is the silent
 * mistake `key: {{var}}`, which YAML reads without error as a nested map.
 */
export function parseYamlBlock(
  yaml: string,
  base: number,
  text: string,
  report: YamlReporter,
  hints: YamlHints,
): YamlBlock | undefined {
  const { doc, problems } = readYaml(yaml);
  for (const e of problems) {
    const hint = hints.opens.test(yaml.slice(Math.max(0, e.start - 40), e.end + 2)) ? `; ${hints.quote}` : '';
    report.error('yaml', `YAML: ${e.message}${hint}`, base + e.start, base + e.end);
  }
  if (!doc || problems.length) return undefined;
  let unquoted = false;
  visit(doc, {
    Map(_key, node) {
      if (node.flow && node.range && yaml.startsWith('{{', node.range[0])) {
        const source = yaml.slice(node.range[0], node.range[1]).trim();
        report.error(
          'unquoted-template',
          `YAML reads the unquoted ${source} as a nested map, not ${hints.meant}; quote it: "${source}"`,
          base + node.range[0],
          base + node.range[1],
        );
        unquoted = true;
        return visit.SKIP;
      }
    },
  });
  if (unquoted) return undefined;
  const read = yamlValue(doc);
  if ('value' in read) return { doc, value: read.value, base, text };
  const { message, start, end } = read.problem;
  report.error('yaml', `YAML: ${message}; ${hints.aliases}`, base + start, base + end);
  return undefined;
}

/** The YAML node at a key path below `from` (the document's root by default). */
export function nodeAt(
  block: YamlBlock,
  path: readonly (string | number)[],
  from?: Node | null,
): Node | undefined {
  let node: unknown = from === undefined ? block.doc.contents : from;
  for (const seg of path) {
    if (isMap(node))
      node = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg))?.value;
    else if (isSeq(node) && typeof seg === 'number') node = node.items[seg];
    else return undefined;
  }
  return (node ?? undefined) as Node | undefined;
}

/** The node at a key path, or the deepest one that exists (the key's node, with `wantKey`). */
export function deepestNodeAt(
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

/** The file offsets `[start, end)` of the deepest node on a key path (its key, with `wantKey`). */
export function rangeAt(
  block: YamlBlock,
  path: readonly (string | number)[],
  wantKey = false,
): [number, number] {
  const r = deepestNodeAt(block, path, wantKey)?.range;
  return r ? [block.base + r[0], block.base + r[1]] : [block.base, block.base];
}

/** The YAML node of a key (not its value) in a map. */
export function keyAt(map: Node | undefined, key: string): Node | undefined {
  if (!isMap(map)) return undefined;
  const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return pair?.key as Node | undefined;
}

/** The file offsets `[start, end)` of a node, or of `fallback` when it has no range. */
export function spanOf(
  block: YamlBlock,
  node: Node | undefined | null,
  fallback = block.base,
): [number, number] {
  const r = node?.range;
  return r ? [block.base + r[0], block.base + Math.max(r[1], r[0] + 1)] : [fallback, fallback];
}

/**
 * Maps offsets inside a string scalar's value to file offsets. Quotes, escapes, folding and the
 * indentation of block scalars make the value differ from its source; each value character is matched
 * to the next equal source character, which is exact for plain and simply quoted text and close
 * otherwise. Built on first use.
 */
export function valueOffsets(block: YamlBlock, node: Node, value: string): (offset: number) => number {
  const [start, end] = spanOf(block, node);
  let map: Int32Array | undefined;
  return (offset) => {
    if (!map) {
      map = new Int32Array(value.length + 1);
      let p = start;
      for (let i = 0; i < value.length; i++) {
        const j = block.text.indexOf(value[i], p);
        if (j !== -1 && j < end) p = j;
        map[i] = p;
        if (j !== -1 && j < end) p++;
      }
      map[value.length] = Math.min(p, end);
    }
    return map[Math.max(0, Math.min(offset, value.length))];
  };
}
