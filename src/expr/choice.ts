import type { ConditionChoice } from '../ir/expr.js';
import type { Expr, PathExpr } from './ast.js';

/**
 * The choice a condition makes, when it is one: true exactly when one path's value is one of some
 * literals (`kind == "a"`, `"a" == kind || kind == "b"`). Other conditions make none.
 */
export function choiceOf(expr: Expr): ConditionChoice | undefined {
  if (expr.kind !== 'binary') return undefined;
  if (expr.operator === '||') {
    const left = choiceOf(expr.left);
    const right = choiceOf(expr.right);
    if (!left || !right || left.path !== right.path) return undefined;
    return { path: left.path, values: [...left.values, ...right.values] };
  }
  if (expr.operator !== '==') return undefined;
  const [path, literal] = expr.left.kind === 'path' ? [expr.left, expr.right] : [expr.right, expr.left];
  if (path.kind !== 'path' || literal.kind !== 'literal') return undefined;
  const name = pathName(path);
  return name === undefined ? undefined : { path: name, values: [literal.value] };
}

/** `a.b[0]` as text; undefined for a path with a variable index. */
function pathName(path: PathExpr): string | undefined {
  let name = path.root;
  for (const s of path.segments) {
    if (s.kind === 'variable-index') return undefined;
    name += s.kind === 'field' ? `.${s.name}` : `[${s.index}]`;
  }
  return name;
}
