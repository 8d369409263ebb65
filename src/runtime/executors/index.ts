import type { Node, NodeKind } from '../../ir/nodes.js';
import { runAgent } from './agent/run-agent.js';
import { runAssign } from './assign.js';
import { runAwait } from './await.js';
import { runCall } from './call.js';
import { runCode } from './code.js';
import { runEnd } from './end.js';
import type { Executor } from './executor.js';
import { runLlm } from './llm.js';
import { runRoute } from './route.js';
import { runTemplate } from './template.js';
import { runTool } from './tool.js';

/** One executor per node kind; kinds a later part of Skein adds register here. */
export const executors: Partial<Record<NodeKind, Executor<Node>>> = {
  template: runTemplate as Executor<Node>,
  llm: runLlm as Executor<Node>,
  tool: runTool as Executor<Node>,
  await: runAwait as Executor<Node>,
  assign: runAssign as Executor<Node>,
  code: runCode as Executor<Node>,
  call: runCall as Executor<Node>,
  route: runRoute as Executor<Node>,
  agent: runAgent as Executor<Node>,
  end: runEnd as Executor<Node>,
};

export type { ChildResult, ChildRuns, Executor, NodeOutcome, NodeRun } from './executor.js';
