import { CompileError } from '../compile-error.js';

const NAME = /[\p{L}\p{N}\p{M}_$-]+/uy;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** A position inside one `{{ }}` tag (`[pos, end)` of the source) with the small reads the pipeline parser needs. */
export class Cursor {
  constructor(
    readonly source: string,
    public pos: number,
    readonly end: number,
  ) {}

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The character `ahead` places from the current one ('' past the end of the tag). */
  peek(ahead = 0): string {
    return this.pos + ahead < this.end ? this.source[this.pos + ahead] : '';
  }

  /** Whether the tag continues with `text` here. */
  at(text: string): boolean {
    return this.pos + text.length <= this.end && this.source.startsWith(text, this.pos);
  }

  /** Skips `text` if it is next. */
  eat(text: string): boolean {
    if (!this.at(text)) return false;
    this.pos += text.length;
    return true;
  }

  /** Skips spaces, tabs and line breaks. */
  skipSpace(): void {
    while (this.pos < this.end && ' \t\r\n'.includes(this.source[this.pos])) this.pos++;
  }

  /** The length of the name (letters, digits, `_`, `$`, `-`) at the current position, 0 if none. */
  nameLength(): number {
    NAME.lastIndex = this.pos;
    return NAME.test(this.source) ? Math.min(NAME.lastIndex, this.end) - this.pos : 0;
  }

  /** The length of the number (optionally negative) at the current position, 0 if none. */
  numberLength(): number {
    NUMBER.lastIndex = this.pos;
    return NUMBER.test(this.source) ? Math.min(NUMBER.lastIndex, this.end) - this.pos : 0;
  }

  /** Reads `length` characters. */
  take(length: number): string {
    const text = this.source.slice(this.pos, this.pos + length);
    this.pos += length;
    return text;
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
