import type { TemplateNode } from '../../ir/nodes.js';
import type { Executor } from './executor.js';

/** Renders the template against the context. */
export const runTemplate: Executor<TemplateNode> = ({ node, scope }) => ({
  value: node.template.render(scope),
});
