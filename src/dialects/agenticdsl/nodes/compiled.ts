import type { Node } from '../../../ir/nodes.js';
import type { Declarations, NodeDecl, Ref } from '../declarations.js';
import type { NodeFields } from '../fields.js';
import type { Reporter } from '../reporter.js';

/** A node after its own fields are read; edges and route targets come later, from the whole graph. */
export interface CompiledNode {
  decl: NodeDecl;
  /** The IR node (its id is the full path), or undefined when its fields have errors. */
  node?: Node;
  /** Successors written in `next` (and a fork's branches). */
  next: Ref[];
  /** Nodes written in `wait_for`: they must finish before this one starts. */
  waitFor: Ref[];
  /** A soft end (`termination_mode: soft`, `/end_soft`): a passing point; the graph ends when the flow does. */
  soft?: boolean;
  /** `fallback_next` of a dynamic_next node. */
  fallback: Ref[];
  /** The subgraph a codelet_call runs, if it runs one. */
  calls?: string;
  /** Whether reading it reported errors (then checks that depend on its flow stay quiet). */
  broken: boolean;
}

/** What a node compiler reads besides the node's own fields. */
export interface NodeContext {
  report: Reporter;
  decls: Declarations;
}

/** Compiles one node type's fields; returns the IR node, or undefined after reporting what is wrong. */
export type NodeCompiler = (
  fields: NodeFields,
  ctx: NodeContext,
) => { node?: Node; fallback?: Ref[]; calls?: string; branches?: Ref[]; soft?: boolean };
