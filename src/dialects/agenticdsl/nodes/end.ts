import type { Scope, ValueExpr } from '../../../ir/expr.js';
import { EXAMPLES } from '../examples.js';
import { wholeContext } from '../values.js';
import type { NodeCompiler } from './compiled.js';
import { noop } from './fork-join.js';
import { readOutputKeys } from './output-keys.js';

/**
 * `end`: the run's output is the context's `output_keys` (missing ones are null), or the whole context.
 * A soft end (`termination_mode: soft`) stops nothing: the flow passes it, and when the graph has no more
 * to run its output is the whole context (a library subgraph returns to its caller that way).
 */
export const compileEnd: NodeCompiler = (fields, { report }) => {
  fields.checkKnown(['output_keys', 'termination_mode']);
  if (fields.values.next !== undefined)
    report.warn(
      'ignored-next',
      'an end node finishes its graph; its next is ignored',
      ...fields.span('next'),
    );
  const mode =
    fields.values.termination_mode ??
    (fields.values.metadata as Record<string, unknown> | undefined)?.termination_mode;
  if (mode !== undefined && mode !== 'hard' && mode !== 'soft')
    report.error(
      'bad-field',
      `termination_mode is hard or soft, e.g. {type: end, termination_mode: soft}`,
      ...fields.span('termination_mode'),
    );
  const keys = readOutputKeys(fields, EXAMPLES.end);
  if (!keys) return {};
  if (mode === 'soft') {
    if (keys.length)
      report.warn(
        'ignored-field',
        'a soft end returns the whole context when the graph finishes; its output_keys have no effect',
        ...fields.span('output_keys'),
      );
    return { node: noop(fields.decl.path, report.ref(fields.decl.offset)), soft: true };
  }
  return {
    node: {
      kind: 'end',
      id: fields.decl.path,
      at: report.ref(fields.decl.offset),
      output: keys.length ? pick(keys) : wholeContext,
    },
  };
};

/** An object of the named keys (dotted keys nest), each read from the context; missing ones are null. */
function pick(keys: readonly string[]): ValueExpr {
  const paths = keys.map((k) => k.split('.'));
  return {
    refs: [...new Set(paths.map((p) => p[0]))],
    evaluate: (scope: Scope) => {
      const out: Record<string, unknown> = {};
      for (const path of paths) {
        let from: unknown = scope;
        for (const step of path)
          from =
            typeof from === 'object' && from !== null && !Array.isArray(from)
              ? (from as Record<string, unknown>)[step]
              : undefined;
        let into = out;
        for (const step of path.slice(0, -1)) into = (into[step] ??= {}) as Record<string, unknown>;
        into[path.at(-1)!] = from ?? null;
      }
      return out;
    },
  };
}
