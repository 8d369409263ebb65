import { CompileError } from '../compile-error.js';
import { TextCursor } from '../text-cursor.js';

const SYNTAX = {
  name: /[\p{L}\p{N}\p{M}_]+/uy,
  number: /(?:\d+(?:\.\d+)?)(?:[eE][+-]?\d+)?/y,
};

/** A position in an Inja template, with the Inja parsers' error wording. */
export class Scanner extends TextCursor {
  constructor(source: string, pos = 0) {
    super(source, pos, source.length, SYNTAX);
  }

  /** What is at the current position, for error messages. */
  describeNext(): string {
    if (this.done) return 'the end of the text';
    const name = this.nameLength();
    if (name) return `"${this.source.slice(this.pos, this.pos + name)}"`;
    for (const close of ['}}', '%}', '#}']) if (this.at(close)) return close;
    const c = String.fromCodePoint(this.source.codePointAt(this.pos)!);
    return c === '"' ? `'"'` : `"${c}"`;
  }

  /** Throws a compile error at `offset` (by default the token at the current position). */
  fail(message: string, offset = this.pos, length?: number): never {
    throw new CompileError(message, offset, length ?? Math.max(1, this.nameLength(offset)));
  }
}
