/** A JSON value with where it is written: `[start, end)` offsets in the file's text. */
export type JsonNode = JsonObject | JsonArray | JsonScalar;

interface Spanned {
  readonly start: number;
  readonly end: number;
}

export interface JsonObject extends Spanned {
  readonly kind: 'object';
  readonly entries: readonly JsonEntry[];
}

/** One `"key": value` of an object; the key's span includes its quotes. */
export interface JsonEntry {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly value: JsonNode;
}

export interface JsonArray extends Spanned {
  readonly kind: 'array';
  readonly items: readonly JsonNode[];
}

/** A string (span includes its quotes), number, boolean or null. */
export interface JsonScalar extends Spanned {
  readonly kind: 'string' | 'number' | 'boolean' | 'null';
  readonly value: string | number | boolean | null;
}

/** The plain value of a node; of duplicate keys the last wins, as with JSON.parse. */
export function toValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const e of node.entries)
        Object.defineProperty(out, e.key, {
          value: toValue(e.value),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    case 'array':
      return node.items.map(toValue);
    default:
      return node.value;
  }
}

/** The entry of `key` in an object node (the last, if written twice). */
export function entryOf(node: JsonNode | undefined, key: string): JsonEntry | undefined {
  if (node?.kind !== 'object') return undefined;
  for (let i = node.entries.length - 1; i >= 0; i--) if (node.entries[i].key === key) return node.entries[i];
  return undefined;
}

/** The node at a JSON pointer (`/pipeline/1/input`), or undefined when there is none. */
export function nodeAt(root: JsonNode, pointer: string): JsonNode | undefined {
  if (!pointer) return root;
  let node: JsonNode | undefined = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node?.kind === 'object') node = entryOf(node, key)?.value;
    else if (node?.kind === 'array') node = /^\d+$/.test(key) ? node.items[Number(key)] : undefined;
    else return undefined;
  }
  return node;
}
