import type { JsonScalar } from './json-node.js';

/**
 * The offset in the file of character `index` of a string node's decoded value, stepping over escapes
 * (`\n` is two characters in the file and one in the value, `\u00e9` six and one).
 */
export function stringOffset(text: string, node: JsonScalar, index: number): number {
  let raw = node.start + 1;
  for (let i = 0; i < index && raw < node.end - 1; i++)
    raw += text[raw] !== '\\' ? 1 : text[raw + 1] === 'u' ? 6 : 2;
  return raw;
}
