import { wholeContext } from './values.js';
import type { CompiledNode } from './nodes/index.js';
import { noop } from './nodes/fork-join.js';
import type { NodeDecl } from './declarations.js';

/**
 * The AgenticDSL engine's built-in targets: `/__system__/budget_exceeded` ends the run (a hard end, the
 * whole context as output), `/__system__/noop` and `/__system__/end_soft` (also written `/end_soft`) are
 * soft ends that let the flow through.
 */
const SYSTEM: Readonly<Record<string, 'hard' | 'soft'>> = {
  '/__system__/budget_exceeded': 'hard',
  '/__system__/noop': 'soft',
  '/__system__/end_soft': 'soft',
  '/end_soft': 'soft',
};

/** Whether a (resolved) path is one of the engine's built-in targets. */
export function isSystemPath(path: string): boolean {
  return Object.hasOwn(SYSTEM, path);
}

/** A built-in target as a member of a graph; `from` is the node that names it first (for positions). */
export function systemNode(path: string, from: NodeDecl): CompiledNode {
  const decl: NodeDecl = { path, type: 'end', place: from.place, offset: from.offset };
  const hard = SYSTEM[path] === 'hard';
  return {
    decl,
    next: [],
    waitFor: [],
    fallback: [],
    broken: false,
    node: hard ? { kind: 'end', id: path, output: wholeContext } : noop(path),
    ...(hard ? {} : { soft: true }),
  };
}
