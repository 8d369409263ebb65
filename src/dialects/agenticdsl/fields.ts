import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { NodeDecl, Ref } from './declarations.js';
import type { Reporter } from './reporter.js';
import { didYouMean } from '../kit/did-you-mean.js';
import { keyAt, nodeAt, spanOf } from '../kit/yaml-block.js';

/** Fields every node may carry: identity, flow, and documentation the runtime does not act on. */
const COMMON = [
  'id',
  'type',
  'next',
  'wait_for',
  'metadata',
  'description',
  'permissions',
  'signature',
  'requires',
  'name',
  'version',
  'author',
  'tags',
  'stability',
  'priority',
];

/** Reads the fields of one node, reporting missing or mistyped ones where they are written. */
export class NodeFields {
  constructor(
    readonly decl: NodeDecl,
    readonly report: Reporter,
  ) {}

  get values(): Record<string, unknown> {
    return this.decl.place.fields;
  }

  /** The YAML node of a field's value. */
  node(key: string): Node | undefined {
    return nodeAt(this.decl.place.block, [key], this.decl.place.map);
  }

  /** File offsets of a field's value (or of the node itself when the field is absent). */
  span(key: string): [number, number] {
    const node = this.node(key) ?? keyAt(this.decl.place.map, key);
    return node ? spanOf(this.decl.place.block, node) : [this.decl.offset, this.decl.offset];
  }

  /** A field that must be present; reports `missing-field` with an example otherwise. */
  required(key: string, example: string): unknown {
    const v = this.values[key];
    if (v === undefined || v === null)
      this.report.error(
        'missing-field',
        `${this.decl.type} node \`${this.decl.path}\` needs ${key}, e.g. ${example}`,
        this.decl.offset,
      );
    return v ?? undefined;
  }

  /** A text field (required or optional); a value of another type is reported. */
  text(key: string, example: string, required = false): string | undefined {
    const v = required ? this.required(key, example) : this.values[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string' && v.trim()) return v;
    this.report.error('bad-field', `${key} must be text, e.g. ${example}`, ...this.span(key));
    return undefined;
  }

  /** A positive whole number, or undefined. */
  count(key: string, example: string): number | undefined {
    const v = this.values[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    this.report.error('bad-field', `${key} must be a whole number, e.g. ${example}`, ...this.span(key));
    return undefined;
  }

  /** A field holding one path or a list of them (`next: b` or `next: [b, c]`). */
  refs(key: string): Ref[] {
    const v = this.values[key];
    if (v === undefined || v === null) return [];
    return this.refsAt(key, v, this.node(key));
  }

  private refsAt(key: string, v: unknown, node: Node | undefined): Ref[] {
    const block = this.decl.place.block;
    const items = Array.isArray(v) ? v : [v];
    const nodes = isSeq(node) ? (node.items as Node[]) : [node];
    const out: Ref[] = [];
    items.forEach((item, i) => {
      const [start, end] = spanOf(block, nodes[i] ?? node);
      if (typeof item !== 'string' || !item.trim())
        this.report.error(
          'bad-field',
          `${key} lists node ids or paths, e.g. ${key}: [summarize] or ${key}: /main/summarize`,
          start,
          end,
        );
      else if (/\{\{|\{%/.test(item))
        this.report.error(
          'templated-next',
          key.startsWith('wait_for')
            ? `${key} cannot be computed with a template (the engine's dynamic wait_for); name the nodes to wait for, e.g. wait_for: [/main/a, /main/b]`
            : `${key} cannot be computed with a template; to choose the next node at run time, point ${key} at a dynamic_next node whose resolver codelet returns {"next": [...]}`,
          start,
          end,
        );
      else out.push({ text: item.trim(), start, end });
    });
    return out;
  }

  /**
   * The nodes `wait_for` names: one path, a list, or `{all_of: [...]}`. `any_of` is waited for like
   * `all_of`, as the engine does (with a warning); a template (the engine's dynamic wait_for) is an error.
   */
  waitFor(): Ref[] {
    const v = this.values.wait_for;
    if (v === undefined || v === null) return [];
    if (typeof v === 'string' || Array.isArray(v)) return this.refsAt('wait_for', v, this.node('wait_for'));
    if (typeof v === 'object') {
      const node = this.node('wait_for');
      const map = v as Record<string, unknown>;
      const out: Ref[] = [];
      for (const key of Object.keys(map)) {
        const inner = isMap(node) ? (node.get(key, true) as Node | undefined) : undefined;
        if (key === 'all_of' || key === 'any_of') {
          if (key === 'any_of')
            this.report.warn(
              'any-of',
              'wait_for.any_of waits for all of the nodes it names, as the AgenticDSL engine does; write all_of to say so',
              ...this.span('wait_for'),
            );
          out.push(...this.refsAt(`wait_for.${key}`, map[key], inner));
        } else
          this.report.error(
            'bad-field',
            `wait_for has all_of (a list of nodes), not "${key}", e.g. wait_for: {all_of: [/main/a, /main/b]}`,
            ...this.span('wait_for'),
          );
      }
      return out;
    }
    this.report.error(
      'bad-field',
      'wait_for names the nodes to wait for: one path, a list, or {all_of: [...]}',
      ...this.span('wait_for'),
    );
    return [];
  }

  /** Warns about fields this node type does not have, suggesting the closest known one. */
  checkKnown(own: readonly string[]): void {
    const known = new Set([...COMMON, ...own]);
    const unknown = Object.keys(this.values).filter((k) => !known.has(k));
    if (!unknown.length) return;
    // One pass over the map's keys: a map of thousands of keys must not cost thousands of searches.
    const keyNodes = keyNodesOf(this.decl.place.map);
    for (const key of unknown) {
      const keyNode = keyNodes.get(key);
      this.report.warn(
        'unknown-field',
        `${this.decl.type} nodes have no field "${key}"; it is ignored${didYouMean(key, own)} (fields: ${own.join(', ')})`,
        ...spanOf(this.decl.place.block, keyNode),
      );
    }
  }
}

/** The key nodes of a YAML map by their text (the first of repeated keys). */
function keyNodesOf(map: Node | undefined): Map<string, Node> {
  const out = new Map<string, Node>();
  if (isMap(map))
    for (const p of map.items)
      if (isScalar(p.key) && !out.has(String(p.key.value))) out.set(String(p.key.value), p.key as Node);
  return out;
}
