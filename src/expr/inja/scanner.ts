import { CompileError } from '../compile-error.js';

const NAME = /[\p{L}\p{N}\p{M}_]+/uy;
const NUMBER = /(?:\d+(?:\.\d+)?)(?:[eE][+-]?\d+)?/y;

/** A position in an Inja template with the small reads its parsers share. */
export class Scanner {
  constructor(
    readonly source: string,
    public pos = 0,
  ) {}

  get done(): boolean {
    return this.pos >= this.source.length;
  }

  /** The current character ('' past the end). */
  peek(offset = 0): string {
    return this.source.charAt(this.pos + offset);
  }

  /** Whether the text at the current position starts with `text`. */
  at(text: string): boolean {
    return this.source.startsWith(text, this.pos);
  }

  /** Skips `text` if it is next. */
  eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos += text.length;
    return true;
  }

  /** Skips spaces, tabs and line breaks. */
  skipSpace(): void {
    while (this.pos < this.source.length && ' \t\r\n'.includes(this.source[this.pos])) this.pos++;
  }

  /** The length of the name (letters, digits, marks, `_`) at `pos`, 0 if none. */
  nameLength(pos = this.pos): number {
    NAME.lastIndex = pos;
    return NAME.test(this.source) ? NAME.lastIndex - pos : 0;
  }

  /** The length of the unsigned decimal number at the current position, 0 if none. */
  numberLength(): number {
    NUMBER.lastIndex = this.pos;
    return NUMBER.test(this.source) ? NUMBER.lastIndex - this.pos : 0;
  }

  /** Whether a keyword (a whole name, not the start of a longer one) is next. */
  atWord(word: string): boolean {
    return this.at(word) && this.nameLength() === word.length;
  }

  /** Reads `length` characters. */
  take(length: number): string {
    const text = this.source.slice(this.pos, this.pos + length);
    this.pos += length;
    return text;
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
