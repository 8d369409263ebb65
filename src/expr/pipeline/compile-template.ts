import type { SourceRef, Template } from '../../ir/expr.js';
import { parseText } from './parse-text.js';
import { roots, textReads, type PathRead } from './reads.js';
import { compileRender } from './render-nodes.js';
import { attempt, type CompileResult } from './result.js';

/** A compiled prompt template, with the paths it reads. */
export interface PipelineTemplate extends Template {
  readonly reads: readonly PathRead[];
}

/** Compiles a prompt template (prompt.md): tags render as text, `{{#if x}}…{{else}}…{{/if}}` choose by truthiness. */
export function compilePipelineTemplate(source: string, at: SourceRef): CompileResult<PipelineTemplate> {
  return attempt(() => {
    const nodes = parseText(source, true);
    const reads = textReads(nodes);
    return { source, refs: roots(reads), reads, render: compileRender(nodes, source, at) };
  });
}
