import { CompileError } from '../compile-error.js';
import { TextCursor } from '../text-cursor.js';

const SYNTAX = {
  name: /[\p{L}\p{N}\p{M}_]+/uy,
  number: /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y,
};

/** A position in Aegis template or `when` text, with the Aegis parsers' error wording. */
export class Scanner extends TextCursor {
  constructor(source: string, pos = 0) {
    super(source, pos, source.length, SYNTAX);
  }

  /** What is at the current position, for error messages. */
  describeNext(): string {
    if (this.done) return 'the end';
    const next = this.source.slice(this.pos, this.pos + this.nextLength());
    return next === '}}' ? next : next === '"' ? `'"'` : `"${next}"`;
  }

  /** The length of the token at the current position: a name, `}}` or one character. */
  private nextLength(): number {
    if (this.done) return 0;
    if (this.at('}}')) return 2;
    return this.nameLength() || String.fromCodePoint(this.source.codePointAt(this.pos)!).length;
  }

  /** Throws a compile error at `offset` (by default the token at the current position). */
  fail(message: string, offset?: number, length?: number): never {
    if (offset === undefined) throw new CompileError(message, this.pos, length ?? this.nextLength());
    throw new CompileError(message, offset, length ?? 1);
  }
}
