import type { Graph } from '../../ir/graph.js';
import type { CodeSpec, Node, WriteTarget } from '../../ir/nodes.js';
import type { JsonSchema } from '../../ir/schema.js';

/** Context keys the runtime or the dialect fills in itself, never asked of the person who runs it. */
const PROVIDED = new Set(['resources', 'llm_output', 'tool_output', 'loop']);

/**
 * The input a graph asks for, derived from what it reads: the root variables of its templates, values
 * and guards and the `context["key"]` / `context.get("key")` reads of its Python codelets, less every
 * key a node of the graph writes (assignments, output keys, the keys of the dicts its codelets return).
 * Each field says which nodes read it; its type is left open (a graph declares none).
 */
export function derivedInput(graphs: readonly Graph[]): JsonSchema | undefined {
  const readers = new Map<string, string[]>();
  const written = new Set<string>(PROVIDED);
  for (const node of graphs.flatMap((g) => g.nodes)) {
    for (const key of reads(node)) readers.set(key, [...(readers.get(key) ?? []), node.id]);
    for (const key of writes(node)) written.add(key);
  }
  const fields = [...readers].filter(([key]) => !written.has(key) && /^[\p{L}_][\p{L}\p{N}_]*$/u.test(key));
  if (!fields.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      fields.map(([key, nodes]) => [key, { description: `read by ${[...new Set(nodes)].join(', ')}` }]),
    ),
  };
}

/** The root keys a node reads. */
function reads(node: Node): string[] {
  const refs = [...(node.guard?.refs ?? [])];
  switch (node.kind) {
    case 'template':
      return [...refs, ...node.template.refs];
    case 'llm':
      return [...refs, ...node.prompt.refs, ...(node.system?.refs ?? [])];
    case 'tool':
    case 'call':
      return [...refs, ...node.input.refs];
    case 'assign':
      return [...refs, ...node.assignments.flatMap((a) => a.value.refs)];
    case 'code':
      return [...refs, ...node.input.refs, ...codeReads(node.code)];
    case 'route':
      return [...refs, ...node.input.refs, ...codeReads(node.resolver)];
    case 'end':
      return [...refs, ...node.output.refs];
    default:
      return refs;
  }
}

/** The root keys a node writes. */
function writes(node: Node): string[] {
  if (node.kind === 'assign') return node.assignments.map((a) => a.path[0]);
  if (node.kind === 'code') return [...targetKeys(node.output), ...returnedKeys(node.code)];
  if ('output' in node && node.kind !== 'end') return targetKeys(node.output);
  return [];
}

function targetKeys(target: WriteTarget): string[] {
  if ('set' in target) return target.set.slice(0, 1);
  if ('all' in target) return target.all.flatMap(targetKeys);
  return target.merge.slice(0, 1);
}

/** `context["key"]`, `context['key']` and `context.get("key")` in Python source. */
function codeReads(code: CodeSpec): string[] {
  if (code.language !== 'python' || !code.source) return [];
  return [...code.source.matchAll(/context(?:\[|\.get\(\s*)["']([^"']+)["']/g)].map((m) => m[1]);
}

/** The keys of the dict literals a Python codelet returns (`return {"words": …, "top": …}`). */
function returnedKeys(code: CodeSpec): string[] {
  if (code.language !== 'python' || !code.source) return [];
  const keys: string[] = [];
  for (const m of code.source.matchAll(/return\s*\{/g)) {
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < code.source.length; end++) {
      if (code.source[end] === '{') depth++;
      if (code.source[end] === '}' && --depth === 0) break;
    }
    const body = code.source.slice(m.index + m[0].length, end);
    for (const k of body.matchAll(/(?:^|[{,\n])\s*["']([^"']+)["']\s*:/g)) keys.push(k[1]);
  }
  return keys;
}
