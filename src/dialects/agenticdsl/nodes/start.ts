import type { NodeCompiler } from './compiled.js';

/** `start`: does nothing; the flow goes on to its `next`. */
export const compileStart: NodeCompiler = (fields, { report }) => {
  fields.checkKnown([]);
  return {
    node: { kind: 'assign', id: fields.decl.path, at: report.ref(fields.decl.offset), assignments: [] },
  };
};
