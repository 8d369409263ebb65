import { EXAMPLES, NODE_TYPES, type NodeType } from '../examples.js';
import type { NodeDecl } from '../declarations.js';
import { NodeFields } from '../fields.js';
import { didYouMean } from '../../kit/did-you-mean.js';
import { compileAssign } from './assign.js';
import { compileCodeletCall } from './codelet-call.js';
import type { CompiledNode, NodeCompiler, NodeContext } from './compiled.js';
import { compileDynamicNext } from './dynamic-next.js';
import { compileEnd } from './end.js';
import { compileFork, compileJoin } from './fork-join.js';
import { compileLlmCall } from './llm-call.js';
import { compileStart } from './start.js';
import { compileToolCall } from './tool-call.js';

export type { CompiledNode, NodeContext } from './compiled.js';

/** One compiler per node type of the spec, and the engine's newer fork and join. */
const COMPILERS: Record<NodeType, NodeCompiler> = {
  fork: compileFork,
  join: compileJoin,
  start: compileStart,
  end: compileEnd,
  assign: compileAssign,
  tool_call: compileToolCall,
  llm_call: compileLlmCall,
  codelet_call: compileCodeletCall,
  dynamic_next: compileDynamicNext,
};

/** Compiles a node's fields by its type; an unknown type is reported with the known ones. */
export function compileNode(decl: NodeDecl, ctx: NodeContext): CompiledNode {
  const fields = new NodeFields(decl, ctx.report);
  const errorsBefore = countErrors(ctx);
  const next = decl.type === 'end' ? [] : fields.refs('next');
  const waitFor = fields.waitFor();
  if (!Object.hasOwn(COMPILERS, decl.type)) {
    const span = fields.span('type');
    const hint =
      decl.type === 'codelet' || decl.type === 'resource'
        ? `; a ${decl.type} is declared in its own block (### AgenticDSL \`/codelets/name\`), not inside a subgraph's nodes`
        : didYouMean(decl.type, NODE_TYPES);
    ctx.report.error(
      'unknown-type',
      `unknown node type "${decl.type}"${hint}; node types: ${NODE_TYPES.join(', ')} (e.g. ${EXAMPLES.llm_call})`,
      ...span,
    );
    return { decl, next, waitFor, fallback: [], broken: true };
  }
  const out = COMPILERS[decl.type as NodeType](fields, ctx);
  const broken = countErrors(ctx) > errorsBefore;
  return {
    decl,
    next: [...next, ...(out.branches ?? [])],
    waitFor,
    fallback: out.fallback ?? [],
    broken,
    ...(out.soft ? { soft: true } : {}),
    ...(out.node ? { node: out.node } : {}),
    ...(out.calls ? { calls: out.calls } : {}),
  };
}

function countErrors(ctx: NodeContext): number {
  return ctx.report.errors;
}
