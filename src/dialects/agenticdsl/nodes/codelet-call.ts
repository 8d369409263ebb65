import { ref } from '../declarations.js';
import { EXAMPLES } from '../examples.js';
import { constant, wholeContext } from '../values.js';
import type { NodeCompiler } from './compiled.js';
import { resolveCodelet } from './codelet-ref.js';

/**
 * `codelet_call`: runs a Python codelet's `main(context)` in the sandbox and merges the dict it returns
 * into the context; when `codelet` names a subgraph, runs that subgraph as a child run and merges its
 * output. `pass_context: false` gives it an empty context instead of the whole one.
 */
export const compileCodeletCall: NodeCompiler = (fields, { report, decls }) => {
  fields.checkKnown(['codelet', 'pass_context', 'timeout_ms']);
  const value = fields.required('codelet', EXAMPLES.codelet_call);
  if (value === undefined) return {};
  const target = ref(fields.decl.place.block, fields.node('codelet'), value, 'codelet', report);
  const pass = fields.values.pass_context;
  if (pass !== undefined && typeof pass !== 'boolean')
    report.error('bad-field', 'pass_context is true or false', ...fields.span('pass_context'));
  const timeoutMs = fields.count('timeout_ms', 'timeout_ms: 5000');
  const resolved = target && resolveCodelet(target, fields.decl.path, decls, report, 'codelet', true);
  if (!resolved || (pass !== undefined && typeof pass !== 'boolean')) return {};
  const input = pass === false ? constant({}) : wholeContext;
  const base = {
    id: fields.decl.path,
    at: report.ref(fields.decl.offset),
    input,
    output: { merge: [] },
    ...(timeoutMs ? { timeoutMs } : {}),
  };
  if ('graph' in resolved)
    return { node: { ...base, kind: 'call', target: { graph: resolved.graph } }, calls: resolved.graph };
  return { node: { ...base, kind: 'code', code: resolved.code } };
};
