import { CompileError } from '../compile-error.js';

const WORD = /[\p{L}\p{N}\p{M}_]+/uy;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** A position in the source with the small reads the Aegis parsers share. */
export class Scanner {
  pos: number;

  constructor(
    readonly source: string,
    pos = 0,
  ) {
    this.pos = pos;
  }

  get done(): boolean {
    return this.pos >= this.source.length;
  }

  /** The current character ('' past the end). */
  peek(): string {
    return this.source.charAt(this.pos);
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

  /** The length of the name (Unicode letters, digits, marks, `_`) at `pos`, 0 if none. */
  wordLength(pos = this.pos): number {
    WORD.lastIndex = pos;
    return WORD.test(this.source) ? WORD.lastIndex - pos : 0;
  }

  /** The length of the decimal number at the current position, 0 if none. */
  numberLength(): number {
    NUMBER.lastIndex = this.pos;
    return NUMBER.test(this.source) ? NUMBER.lastIndex - this.pos : 0;
  }

  /** Reads `length` characters. */
  take(length: number): string {
    const text = this.source.slice(this.pos, this.pos + length);
    this.pos += length;
    return text;
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
    return this.wordLength() || String.fromCodePoint(this.source.codePointAt(this.pos)!).length;
  }

  /** Throws a compile error at `offset` (by default the token at the current position). */
  fail(message: string, offset?: number, length?: number): never {
    if (offset === undefined) throw new CompileError(message, this.pos, length ?? this.nextLength());
    throw new CompileError(message, offset, length ?? 1);
  }
}
