import type { Expr, PathExpr, TemplateNode } from './ast.js';

/** What a `{{#for}}` body reads: the loop's array path and the root names used inside it. */
export interface LoopReads {
  /** The array's path, one entry per step: `data.rows[0]` is `['data', 'rows', '0']`, `[#i]` is `'#i'`. */
  readonly over: readonly string[];
  /** Root names read directly in the body (not in nested loops): element fields or outer variables. */
  readonly names: readonly string[];
}

/**
 * The variables a template reads: roots outside `{{#for}}` loops (and of top-level loop paths), and each
 * such loop's reads. Names a `for … in` loop binds (and `loop`) are not reads inside its body.
 */
export function templateReads(nodes: readonly TemplateNode[]): { refs: string[]; loops: LoopReads[] } {
  const refs = new Set<string>();
  const loops: LoopReads[] = [];
  collect(nodes, refs, loops);
  return { refs: [...refs], loops };
}

/** The root names an expression reads, `_` excepted, in order of first appearance. */
export function exprRefs(expr: Expr): string[] {
  const refs = new Set<string>();
  addExpr(expr, refs);
  return [...refs];
}

function collect(nodes: readonly TemplateNode[], names: Set<string>, loops: LoopReads[]): void {
  for (const node of nodes) {
    if (node.kind === 'output') addExpr(node.expr, names);
    else if (node.kind === 'for') {
      addPath(node.over, names);
      const inner = new Set<string>();
      const entry = { over: pathSteps(node.over), names: [] as string[] };
      loops.push(entry);
      collect(node.body, inner, loops);
      entry.names = [...inner];
    } else if (node.kind === 'for-in') {
      addExpr(node.over, names);
      const inner = new Set<string>();
      collect(node.body, inner, loops);
      for (const name of inner)
        if (name !== node.value && name !== node.key && name !== 'loop') names.add(name);
    } else if (node.kind === 'if') {
      for (const b of node.branches) {
        addExpr(b.test, names);
        collect(b.body, names, loops);
      }
      collect(node.otherwise, names, loops);
    }
  }
}

function addExpr(expr: Expr, into: Set<string>): void {
  switch (expr.kind) {
    case 'literal':
      return;
    case 'path':
      return addPath(expr, into);
    case 'unary':
      return addExpr(expr.operand, into);
    case 'binary':
      addExpr(expr.left, into);
      return addExpr(expr.right, into);
    case 'call':
      for (const a of expr.args) addExpr(a, into);
      return;
    case 'array':
      for (const item of expr.items) addExpr(item, into);
      return;
    case 'object':
      for (const e of expr.entries) addExpr(e.value, into);
      return;
  }
}

function addPath(path: PathExpr, into: Set<string>): void {
  if (path.root !== '_') into.add(path.root);
  for (const s of path.segments) if (s.kind === 'variable-index') addPath(s.index, into);
}

function pathSteps(path: PathExpr): string[] {
  return [
    path.root,
    ...path.segments.map((s) =>
      s.kind === 'field' ? s.name : s.kind === 'index' ? String(s.index) : `#${pathSteps(s.index).join('.')}`,
    ),
  ];
}
