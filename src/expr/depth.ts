/**
 * How deep expressions may nest (parentheses, operators, calls, lists). Parsers and the compiler
 * recurse once per level; the bound keeps a hostile file from driving them past the stack.
 */
export const MAX_EXPRESSION_DEPTH = 100;

const depths = new WeakMap<object, number>();

/**
 * Returns `node`, a syntax tree node made of `parts`, recorded one level deeper than the deepest part;
 * past MAX_EXPRESSION_DEPTH, calls `fail` instead. A chain `a + b + c …` makes a tree as deep as it is long.
 */
export function built<T extends object>(
  node: T,
  parts: readonly object[],
  fail: (message: string) => never,
): T {
  let depth = 0;
  for (const p of parts) depth = Math.max(depth, depths.get(p) ?? 0);
  if (depth >= MAX_EXPRESSION_DEPTH)
    fail(`the expression nests deeper than ${MAX_EXPRESSION_DEPTH} levels here; split it into smaller ones`);
  depths.set(node, depth + 1);
  return node;
}
