import { EvaluationError, type SourceRef } from '../../ir/expr.js';
import type { Span } from '../ast.js';
import type { Site } from '../compile/context.js';

/** Maps an offset in a template's source to its place in the file. */
export type Locate = (offset: number) => SourceRef;

/** Runtime errors of the tag at `tag`: the message quotes the tag, the position is its start in the file. */
export function tagSite(source: string, locate: Locate, tag: Span): Site {
  return {
    fail(message) {
      throw new EvaluationError(`${message} in ${source.slice(tag.start, tag.end)}`, locate(tag.start));
    },
  };
}
