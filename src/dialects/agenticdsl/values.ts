import { isAlias, isMap, isScalar, isSeq, type Node } from 'yaml';
import { compileInjaTemplate, compileInjaValue, type Locate } from '../../expr/index.js';
import type { Scope, Template, ValueExpr } from '../../ir/expr.js';
import type { Reporter } from './reporter.js';
import { valueOffsets, type YamlBlock } from '../kit/yaml-block.js';

/** A constant. */
export function constant(value: unknown): ValueExpr {
  return { refs: [], evaluate: () => value };
}

/** The whole context, as a value (a codelet's input, an end node without output_keys). */
export const wholeContext: ValueExpr = { refs: [], evaluate: (scope) => scope };

/**
 * Compiles a YAML value whose strings may hold Inja: a string that is exactly one `{{ expr }}` keeps
 * the expression's type, other strings with tags render, lists and maps are compiled item by item, and
 * other scalars stay as written. Inja mistakes are reported where they are; undefined when there are any.
 */
export function compileValue(
  block: YamlBlock,
  node: Node | null | undefined,
  report: Reporter,
): ValueExpr | undefined {
  if (isScalar(node)) {
    if (typeof node.value !== 'string') return constant(node.value);
    const offsets = valueOffsets(block, node, node.value);
    const compiled = compileInjaValue(node.value, locator(offsets, report));
    if (compiled.ok) return compiled.value;
    templateError(compiled, offsets, report);
    return undefined;
  }
  if (isSeq(node)) {
    const items = node.items.map((item) => compileValue(block, item as Node, report));
    if (items.some((i) => !i)) return undefined;
    return composite(items as ValueExpr[], (values) => values);
  }
  if (isMap(node)) {
    const keys: string[] = [];
    const values: (ValueExpr | undefined)[] = [];
    for (const pair of node.items) {
      keys.push(String(isScalar(pair.key) ? pair.key.value : pair.key));
      values.push(compileValue(block, pair.value as Node, report));
    }
    if (values.some((v) => !v)) return undefined;
    return composite(values as ValueExpr[], (vs) => Object.fromEntries(keys.map((k, i) => [k, vs[i]])));
  }
  if (isAlias(node)) return compileValue(block, node.resolve(block.doc) as Node | undefined, report);
  return constant(null);
}

/** Compiles a string field as an Inja text template; undefined (reported) when it has mistakes. */
export function compileText(
  block: YamlBlock,
  node: Node | undefined,
  report: Reporter,
): Template | undefined {
  if (!isScalar(node) || typeof node.value !== 'string') return undefined;
  const offsets = valueOffsets(block, node, node.value);
  const compiled = compileInjaTemplate(node.value, locator(offsets, report));
  if (compiled.ok) return compiled.value;
  templateError(compiled, offsets, report);
  return undefined;
}

function locator(offsets: (offset: number) => number, report: Reporter): Locate {
  return (offset) => report.ref(offsets(offset));
}

function templateError(
  e: { message: string; offset: number; length: number },
  offsets: (o: number) => number,
  report: Reporter,
): void {
  report.error('template', `Inja: ${e.message}`, offsets(e.offset), offsets(e.offset + e.length));
}

/** A list or map of compiled parts; tools that bind values get the parts' interpolated forms. */
function composite(parts: ValueExpr[], build: (values: unknown[]) => unknown): ValueExpr {
  const refs = [...new Set(parts.flatMap((p) => p.refs))];
  const interpolated = parts.map((p) => p.evaluateInterpolated ?? p.evaluate);
  return {
    refs,
    evaluate: (scope: Scope) => build(parts.map((p) => p.evaluate(scope))),
    evaluateInterpolated: (scope: Scope) => build(interpolated.map((f) => f(scope))),
  };
}
