import { isAlias, isMap, isScalar, isSeq } from 'yaml';
import { compileAegisValue, type AegisOptions } from '../../expr/index.js';
import type { Scope, ValueExpr } from '../../ir/expr.js';
import { warnOlderForms } from './older-forms.js';
import type { Reporter } from './reporter.js';
import type { Reads } from './steps/gather.js';
import type { YamlBlock } from '../kit/yaml-block.js';

/**
 * Compiles a YAML value (a tool's `input`) into a typed value: strings that are one `{{expr}}` (white
 * space around it allowed) pass the typed value through, other strings render, everything else is kept
 * as written.
 */
export function yamlValueExpr(
  node: unknown,
  block: YamlBlock,
  step: string,
  report: Reporter,
  reads: Reads[],
  options: AegisOptions = {},
): ValueExpr | undefined {
  if (isAlias(node)) return yamlValueExpr(node.resolve(block.doc), block, step, report, reads, options);
  if (isMap(node)) {
    const entries: [string, ValueExpr][] = [];
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      const value = yamlValueExpr(pair.value, block, step, report, reads, options);
      if (!value) return undefined;
      entries.push([key, value]);
    }
    return objectExpr(entries);
  }
  if (isSeq(node)) {
    const items: ValueExpr[] = [];
    for (const item of node.items) {
      const value = yamlValueExpr(item, block, step, report, reads, options);
      if (!value) return undefined;
      items.push(value);
    }
    return arrayExpr(items);
  }
  if (isScalar(node) && typeof node.value === 'string') {
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    const offset = block.base + (node.range?.[0] ?? 0) + (quoted ? 1 : 0);
    const compiled = compileAegisValue(node.value, report.ref(offset), options);
    if (!compiled.ok) {
      report.error(
        'bad-template',
        `step "${step}": ${compiled.message}`,
        offset + compiled.offset,
        offset + compiled.offset + compiled.length,
      );
      return undefined;
    }
    warnOlderForms(compiled.value.olderForms, offset, step, report);
    if (compiled.value.refs.length) reads.push({ refs: compiled.value.refs, offset });
    return compiled.value;
  }
  const constant = isScalar(node) ? node.value : null;
  return { refs: [], evaluate: () => constant };
}

function objectExpr(entries: [string, ValueExpr][]): ValueExpr {
  const build = (scope: Scope, interpolated: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of entries)
      out[k] = interpolated && v.evaluateInterpolated ? v.evaluateInterpolated(scope) : v.evaluate(scope);
    return out;
  };
  return {
    refs: [...new Set(entries.flatMap(([, v]) => v.refs))],
    evaluate: (scope) => build(scope, false),
    evaluateInterpolated: (scope) => build(scope, true),
  };
}

function arrayExpr(items: ValueExpr[]): ValueExpr {
  return {
    refs: [...new Set(items.flatMap((v) => v.refs))],
    evaluate: (scope) => items.map((v) => v.evaluate(scope)),
    evaluateInterpolated: (scope) =>
      items.map((v) => (v.evaluateInterpolated ? v.evaluateInterpolated(scope) : v.evaluate(scope))),
  };
}
