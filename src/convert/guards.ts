import type { Condition } from '../ir/expr.js';
import type { Node } from '../ir/nodes.js';

/** The first line of a resolver that stands for a guard: the guard as its Aegis file wrote it. */
const MARK = '# skein-when: ';

/**
 * A guard as AgenticDSL can hold it: a `dynamic_next` before the step whose Python resolver chooses
 * the step or the one after it. Only a guard that tests one value against literals (`choice`) is
 * written; the resolver's first line keeps the guard's text, so it can come back as a `when`.
 */
export function guardRoute(
  guard: Condition,
  step: string,
): { id: string; codelet: string; code: string } | undefined {
  if (!guard.choice || /[\r\n]/.test(guard.source)) return undefined;
  const id = `${step}_when`;
  const path = JSON.stringify(JSON.stringify(guard.choice.path.split('.')));
  const values = JSON.stringify(JSON.stringify(guard.choice.values));
  const code = [
    `${MARK}${guard.source}`,
    'import json',
    '',
    'def main(context):',
    '    value = context',
    `    for key in json.loads(${path}):`,
    '        value = value.get(key) if isinstance(value, dict) else None',
    `    chosen = value in json.loads(${values})`,
    `    return {"next": ["${step}"] if chosen else [NEXT]}`,
    '',
  ].join('\n');
  return { id, codelet: `/codelets/${id}`, code };
}

/** The guard a route written by `guardRoute` stands for (its text), else undefined. */
export function guardOfRoute(node: Node): string | undefined {
  if (node.kind !== 'route') return undefined;
  const first = node.resolver.source?.split('\n')[0] ?? '';
  return first.startsWith(MARK) ? first.slice(MARK.length) : undefined;
}
