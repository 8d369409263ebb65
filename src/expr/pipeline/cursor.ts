import { CompileError } from '../compile-error.js';
import { TextCursor } from '../text-cursor.js';

const SYNTAX = {
  name: /[\p{L}\p{N}\p{M}_$-]+/uy,
  number: /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y,
};

/** A position inside one `{{ }}` tag (`[pos, end)` of the source), with the pipeline parser's error wording. */
export class Cursor extends TextCursor {
  constructor(source: string, pos: number, end: number) {
    super(source, pos, end, SYNTAX);
  }

  /** What comes next, for error messages. */
  describeNext(): string {
    if (this.done) return 'the end of the tag';
    const length = this.nameLength() || 1;
    return `"${this.source.slice(this.pos, this.pos + length)}"`;
  }

  /** Throws a compile error at `offset` (by default at the current position). */
  fail(message: string, offset = this.pos, length = Math.max(1, this.nameLength())): never {
    throw new CompileError(message, offset, length);
  }
}
