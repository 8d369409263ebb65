import { MAX_EXPRESSION_DEPTH } from './depth.js';

/** What tells a syntax's names and numbers apart (sticky regular expressions). */
export interface CursorSyntax {
  readonly name: RegExp;
  readonly number: RegExp;
}

/**
 * A position in source text (up to `end`) with the small reads every surface syntax's parser needs.
 * Each syntax extends it with its own names, numbers and error wording.
 */
export class TextCursor {
  /** How many nested expressions the parser is inside. */
  depth = 0;

  constructor(
    readonly source: string,
    public pos: number,
    readonly end: number,
    private readonly syntax: CursorSyntax,
  ) {}

  get done(): boolean {
    return this.pos >= this.end;
  }

  /** The character `ahead` places from the current one ('' past the end). */
  peek(ahead = 0): string {
    return this.pos + ahead < this.end ? this.source[this.pos + ahead] : '';
  }

  /** Whether the text continues with `text` here. */
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

  /** The length of the name at `pos`, 0 if none. */
  nameLength(pos = this.pos): number {
    return this.match(this.syntax.name, pos);
  }

  /** The length of the number at the current position, 0 if none. */
  numberLength(): number {
    return this.match(this.syntax.number, this.pos);
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

  /**
   * Runs `parse` one nesting level deeper; past MAX_EXPRESSION_DEPTH, calls `fail` with a message
   * instead.
   */
  nested<T>(parse: () => T, fail: (message: string) => never): T {
    if (this.depth >= MAX_EXPRESSION_DEPTH)
      fail(`expressions nest deeper than ${MAX_EXPRESSION_DEPTH} levels here; split this one into steps`);
    this.depth++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private match(re: RegExp, pos: number): number {
    re.lastIndex = pos;
    return re.test(this.source) ? Math.min(re.lastIndex, this.end) - pos : 0;
  }
}
