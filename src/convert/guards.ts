import type { Condition } from '../ir/expr.js';
import type { Node } from '../ir/nodes.js';
import { whenToPython } from './when-python.js';

/** The first line of a resolver that stands for a guard: the guard as its Aegis file wrote it. */
const MARK = '# skein-when: ';

/**
 * A guard as AgenticDSL can hold it: a `dynamic_next` before the step whose Python resolver chooses
 * the step or the one after it (`[NEXT]`, filled in by the writer), the Aegis guard translated to
 * Python (./when-python.ts). The resolver's first line keeps the guard's text, so it can come back
 * as a `when`. A guard in another dialect's syntax (a skill.json condition) is not carried.
 * `results`: the steps whose result is stored under their name (an older `{{step.output}}` reads it).
 */
export function guardRoute(
  guard: Condition,
  step: string,
  dialect: string,
  results: ReadonlySet<string>,
): { id: string; codelet: string; code: string } | { why: string } {
  if (/[\r\n]/.test(guard.source)) return { why: 'a guard (when) written on several lines' };
  if (dialect !== 'aegis') return { why: `a guard (when) in ${dialect}'s syntax` };
  const test = whenToPython(guard.source, results);
  if (!test.ok) return { why: test.why };
  const id = `${step}_when`;
  const code = [
    `${MARK}${guard.source}`,
    test.helpers,
    '',
    '',
    'def main(context):',
    `    chosen = ${test.code}`,
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
