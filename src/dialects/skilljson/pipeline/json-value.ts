import type { Scope, ValueExpr } from '../../../ir/expr.js';
import { compilePipelineValue, type PathRead } from '../../../expr/pipeline/index.js';
import type { JsonNode, JsonScalar } from '../../kit/json/json-node.js';
import { stringOffset } from '../../kit/json/string-offset.js';
import type { Reporter } from '../reporter.js';

/** Called for each path a value reads, with its position in the file, for the front end's reference checks. */
export type ReadCheck = (read: PathRead, start: number, end: number) => void;

/**
 * Compiles a JSON value of a pipeline (a step's `input`, `outputMapping`) into one ValueExpr: strings in
 * the pipeline syntax, objects and arrays element by element (a field whose value is missing is left
 * out), other scalars as they are. Errors are reported at their place in the file; undefined if any.
 */
export function compileJsonValue(node: JsonNode, report: Reporter, check: ReadCheck): ValueExpr | undefined {
  switch (node.kind) {
    case 'string':
      return compileString(node, report, check);
    case 'object': {
      const fields = node.entries.map((e) => [e.key, compileJsonValue(e.value, report, check)] as const);
      if (fields.some(([, v]) => !v)) return undefined;
      const refs = unique(fields.flatMap(([, v]) => v!.refs));
      return {
        refs,
        evaluate(scope: Scope) {
          const out: Record<string, unknown> = {};
          for (const [key, value] of fields) {
            const v = value!.evaluate(scope);
            if (v !== undefined) out[key] = v;
          }
          return out;
        },
      };
    }
    case 'array': {
      const items = node.items.map((i) => compileJsonValue(i, report, check));
      if (items.some((v) => !v)) return undefined;
      return {
        refs: unique(items.flatMap((v) => v!.refs)),
        evaluate: (scope) => items.map((v) => v!.evaluate(scope) ?? null),
      };
    }
    default: {
      const value = node.value;
      return { refs: [], evaluate: () => value };
    }
  }
}

function compileString(node: JsonScalar, report: Reporter, check: ReadCheck): ValueExpr | undefined {
  const text = report.src.text;
  const at = (i: number) => stringOffset(text, node, i);
  const compiled = compilePipelineValue(node.value as string, report.ref(at(0)));
  if (!compiled.ok) {
    report.error(
      'bad-expression',
      compiled.message,
      at(compiled.offset),
      at(compiled.offset + compiled.length),
    );
    return undefined;
  }
  for (const read of compiled.value.reads) check(read, at(read.start), at(read.end));
  for (const span of compiled.value.unquoted ?? []) {
    const text = String(node.value).slice(span.start, span.end);
    report.warn(
      'unquoted-fallback',
      `the fallback ${text} after || is taken as the text "${text}" (as OpenEvo's engine does); quote it to say so: '${text}'`,
      at(span.start),
      at(span.end),
    );
  }
  return compiled.value;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
