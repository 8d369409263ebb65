import { EvaluationError, type SourceRef } from '../../ir/expr.js';
import type { Span } from '../ast.js';
import type { Site } from '../compile/site.js';
import { locate } from '../locate.js';

/** Runtime errors of the tag at `tag`: the message quotes the tag, the position is its start in the file. */
export function tagSite(source: string, at: SourceRef, tag: Span): Site {
  const text = source.slice(tag.start, tag.end);
  return {
    fail(message) {
      throw new EvaluationError(`${message} in ${text}`, locate(at, source, tag.start));
    },
  };
}
