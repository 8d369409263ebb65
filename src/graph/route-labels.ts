import type { RouteNode } from '../ir/nodes.js';

/** The longest condition shown on an edge; longer ones are cut with an ellipsis. */
const MAX_LABEL = 48;

/**
 * What leads a route to each of its targets, read from its Python resolver: for each
 * `return {"next": [...]}`, the `if` or `elif` test it sits under (`"summarize" in purpose`), or
 * "otherwise" under an `else`. Answers target node id → label; a target whose return sits under no test,
 * or a resolver in another language, gets none.
 */
export function routeLabels(node: RouteNode): Map<string, string> {
  const labels = new Map<string, string[]>();
  if (node.resolver.language !== 'python' || !node.resolver.source) return new Map();
  const open: { indent: number; test: string }[] = [];
  for (const line of node.resolver.source.split('\n')) {
    const text = line.trim();
    if (!text || text.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    while (open.length && open[open.length - 1].indent >= indent) open.pop();
    const test = /^(?:if|elif)\s+(.+?)\s*:\s*(?:#.*)?$/.exec(text)?.[1];
    if (test !== undefined) open.push({ indent, test });
    else if (/^else\s*:/.test(text)) open.push({ indent, test: 'otherwise' });
    const returned = /["']next["']\s*:\s*\[([^\]]*)\]/.exec(text)?.[1];
    if (returned === undefined || !open.length) continue;
    for (const name of returned.match(/"[^"]*"|'[^']*'/g) ?? []) {
      const target = node.targets[name.slice(1, -1)];
      if (target) labels.set(target, [...(labels.get(target) ?? []), open[open.length - 1].test]);
    }
  }
  return new Map([...labels].map(([target, tests]) => [target, cut([...new Set(tests)].join(' or '))]));
}

/** A label cut to MAX_LABEL characters. */
export function cut(text: string): string {
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}
