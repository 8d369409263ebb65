import { ref } from '../declarations.js';
import { EXAMPLES } from '../examples.js';
import { wholeContext } from '../values.js';
import type { NodeCompiler } from './compiled.js';
import { resolveCodelet } from './codelet-ref.js';

/**
 * `dynamic_next`: runs the resolver codelet on the context; the `{"next": [...]}` it returns chooses the
 * successors (local ids or full paths). Its targets are filled in from the whole graph later.
 */
export const compileDynamicNext: NodeCompiler = (fields, { report, decls }) => {
  fields.checkKnown(['resolver', 'fallback_next', 'timeout_ms']);
  const value = fields.required('resolver', EXAMPLES.dynamic_next);
  const fallback = fields.refs('fallback_next');
  const timeoutMs = fields.count('timeout_ms', 'timeout_ms: 5000');
  if (value === undefined) return {};
  const target = ref(fields.decl.place.block, fields.node('resolver'), value, 'resolver', report);
  const resolved = target && resolveCodelet(target, fields.decl.path, decls, report, 'resolver', false);
  if (!resolved || !('code' in resolved)) return { fallback };
  return {
    fallback,
    node: {
      kind: 'route',
      id: fields.decl.path,
      at: report.ref(fields.decl.offset),
      resolver: resolved.code,
      input: wholeContext,
      targets: {},
      fallback: [],
      ...(timeoutMs ? { timeoutMs } : {}),
    },
  };
};
