import type { Expr } from '../ast.js';
import type { TextNode } from './text-nodes.js';

/** One path a pipeline value reads: its root and leading field names (`steps.search.results` → `['steps', 'search', 'results']`). */
export interface PathRead {
  readonly names: readonly string[];
  /** Offsets of the path in the source. */
  readonly start: number;
  readonly end: number;
}

/** Every path the nodes read, in order. */
export function textReads(nodes: readonly TextNode[], into: PathRead[] = []): PathRead[] {
  for (const node of nodes) {
    if (node.kind === 'tag') exprReads(node.expr, into);
    else if (node.kind === 'if') {
      exprReads(node.test, into);
      textReads(node.then, into);
      textReads(node.otherwise, into);
    }
  }
  return into;
}

/** Every path an expression reads, in order. */
export function exprReads(expr: Expr, into: PathRead[] = []): PathRead[] {
  switch (expr.kind) {
    case 'literal':
      break;
    case 'path': {
      const names = [expr.root];
      for (const s of expr.segments) {
        if (s.kind !== 'field') break;
        names.push(s.name);
      }
      into.push({ names, start: expr.start, end: expr.end });
      break;
    }
    case 'unary':
      exprReads(expr.operand, into);
      break;
    case 'binary':
      exprReads(expr.left, into);
      exprReads(expr.right, into);
      break;
    case 'call':
      for (const a of expr.args) exprReads(a, into);
      break;
  }
  return into;
}

/** The root names of the paths read, each once. */
export function roots(reads: readonly PathRead[]): string[] {
  return [...new Set(reads.map((r) => r.names[0]))];
}
