import type { ComparisonOperator, Expr, PathExpr, Segment } from '../ast.js';
import { built, MAX_EXPRESSION_DEPTH } from '../depth.js';
import { CompileError } from '../compile-error.js';

const COMPARISONS: readonly ComparisonOperator[] = ['==', '!=', '<=', '>=', '<', '>'];
const WORD_LITERALS: Readonly<Record<string, boolean | null>> = {
  true: true,
  false: false,
  null: null,
  True: true,
  False: false,
  None: null,
};
const OPERAND = 'a path such as state.profile.name, a number, a quoted string, true, false or null';

/**
 * Parses a state condition (`state.profile.intake_status != 'completed'`,
 * `state.attachment_file_ids.length > 0 && state.files_classified != true`) into the shared AST:
 * `||`/`or`, `&&`/`and` (tighter), `!`/`not`, parentheses, the six comparisons (not chained), paths
 * with `.field` and `[n]`, function calls `len(x)`, and literals (`None`, `True`, `False` too).
 * `x.length` reads as `len(x)`. Throws CompileError with the offset of the problem.
 */
export function parseCondition(source: string): Expr {
  const p = new Parser(source);
  p.space();
  if (p.done)
    throw new CompileError(
      `empty condition: write one such as state.profile.status != 'done'`,
      0,
      source.length,
    );
  const expr = p.or();
  p.space();
  if (!p.done) p.failAfterOperand('the end');
  return expr;
}

class Parser {
  pos = 0;
  private depth = 0;

  constructor(readonly source: string) {}

  get done(): boolean {
    return this.pos >= this.source.length;
  }

  space(): void {
    while (this.pos < this.source.length && /\s/.test(this.source[this.pos])) this.pos++;
  }

  at(text: string): boolean {
    return this.source.startsWith(text, this.pos);
  }

  /** Consumes a keyword (`and`, `not`) only when a whole word. */
  word(word: string): boolean {
    if (!this.at(word) || /[\w$]/.test(this.source[this.pos + word.length] ?? '')) return false;
    this.pos += word.length;
    return true;
  }

  private built(node: Expr, parts: readonly Expr[]): Expr {
    return built(node, parts, (m) => this.fail(m));
  }

  /** Runs `parse` one nesting level deeper, failing past MAX_EXPRESSION_DEPTH. */
  private nested<T>(parse: () => T): T {
    if (this.depth >= MAX_EXPRESSION_DEPTH)
      this.fail(`the condition nests deeper than ${MAX_EXPRESSION_DEPTH} levels here; simplify it`);
    this.depth++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  fail(message: string, at = this.pos, length = 1): never {
    throw new CompileError(message, at, Math.max(1, Math.min(length, this.source.length - at)));
  }

  or(): Expr {
    return this.nested(() => this.orHere());
  }

  private orHere(): Expr {
    let left = this.and();
    for (;;) {
      this.space();
      if (!this.at('||') && !this.word('or')) return left;
      if (this.at('||')) this.pos += 2;
      const right = this.and();
      left = this.built({ kind: 'binary', operator: '||', left, right, start: left.start, end: right.end }, [
        left,
        right,
      ]);
    }
  }

  and(): Expr {
    let left = this.not();
    for (;;) {
      this.space();
      if (!this.at('&&') && !this.word('and')) return left;
      if (this.at('&&')) this.pos += 2;
      const right = this.not();
      left = this.built({ kind: 'binary', operator: '&&', left, right, start: left.start, end: right.end }, [
        left,
        right,
      ]);
    }
  }

  not(): Expr {
    this.space();
    const start = this.pos;
    if ((this.at('!') && !this.at('!=')) || this.word('not')) {
      if (this.at('!')) this.pos++;
      const operand = this.nested(() => this.not());
      return this.built({ kind: 'unary', operator: '!', operand, start, end: operand.end }, [operand]);
    }
    return this.comparison();
  }

  comparison(): Expr {
    const left = this.operand();
    const operator = this.operator();
    if (!operator) return left;
    const right = this.operand();
    const next = (this.space(), this.pos);
    if (this.operator())
      this.fail('comparisons cannot be chained: write a < b && b < c', next, this.pos - next);
    return this.built({ kind: 'binary', operator, left, right, start: left.start, end: right.end }, [
      left,
      right,
    ]);
  }

  operator(): ComparisonOperator | undefined {
    this.space();
    if (this.at('===') || this.at('!=='))
      this.fail(
        `use ${this.source[this.pos]}= (there is no ${this.source.slice(this.pos, this.pos + 3)}; == never converts types)`,
        this.pos,
        3,
      );
    if (this.at('=') && !this.at('=='))
      this.fail("use == to compare (a single = is not an operator), e.g. state.status == 'done'");
    if (this.word('in'))
      this.fail(
        "\"in\" is not supported: compare each value, e.g. state.kind == 'a' || state.kind == 'b'",
        this.pos - 2,
        2,
      );
    const operator = COMPARISONS.find((op) => this.at(op));
    if (operator) this.pos += operator.length;
    return operator;
  }

  operand(): Expr {
    this.space();
    const start = this.pos;
    const ch = this.source[this.pos];
    if (ch === undefined)
      this.fail(`the condition ends where an operand is expected (${OPERAND})`, Math.max(0, this.pos - 1));
    if (ch === '(') {
      this.pos++;
      const inner = this.or();
      this.space();
      if (this.at(')')) return (this.pos++, inner);
      if (this.done) this.fail('( is not closed: add )', start);
      this.failAfterOperand(')');
    }
    if (ch === "'" || ch === '"') return this.string(ch);
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.source.slice(this.pos));
    if (number) {
      this.pos += number[0].length;
      return { kind: 'literal', value: Number(number[0]), start, end: this.pos };
    }
    const name = this.identifier();
    if (!name) this.fail(`expected an operand (${OPERAND}); found ${this.describeNext()}`);
    if (Object.hasOwn(WORD_LITERALS, name))
      return { kind: 'literal', value: WORD_LITERALS[name], start, end: this.pos };
    if (this.at('(')) return this.call(name, start);
    return this.path(name, start);
  }

  string(quote: string): Expr {
    const start = this.pos++;
    let value = '';
    while (!this.done && this.source[this.pos] !== quote) {
      if (this.source[this.pos] === '\\' && this.pos + 1 < this.source.length) this.pos++;
      value += this.source[this.pos++];
    }
    if (this.done) this.fail(`the string is not closed: add ${quote}`, start);
    this.pos++;
    return { kind: 'literal', value, start, end: this.pos };
  }

  identifier(): string {
    const m = /^[A-Za-z_$][\w$]*/.exec(this.source.slice(this.pos));
    if (!m) return '';
    this.pos += m[0].length;
    return m[0];
  }

  call(name: string, start: number): Expr {
    this.pos++;
    const args: Expr[] = [];
    this.space();
    if (!this.at(')'))
      for (;;) {
        args.push(this.or());
        this.space();
        if (this.at(',')) {
          this.pos++;
          continue;
        }
        if (this.at(')')) break;
        this.fail(`expected , or ) in the arguments of ${name}(); found ${this.describeNext()}`);
      }
    this.pos++;
    return this.built({ kind: 'call', name, args, start, end: this.pos }, args);
  }

  /** A path; a final `.length` becomes `len(path)`. */
  path(root: string, start: number): Expr {
    const segments: Segment[] = [];
    let lengthOf: PathExpr | undefined;
    for (;;) {
      if (this.at('.')) {
        this.pos++;
        const fieldStart = this.pos;
        const name = this.identifier() || /^\d+/.exec(this.source.slice(this.pos))?.[0] || '';
        if (!name) this.fail(`expected a field name after "."; found ${this.describeNext()}`);
        if (/^\d+$/.test(name)) {
          this.pos = fieldStart + name.length;
          segments.push({ kind: 'index', index: Number(name) });
        } else if (name === 'length' && !this.at('.') && !this.at('[')) {
          lengthOf = { kind: 'path', root, segments: [...segments], start, end: fieldStart - 1 };
        } else segments.push({ kind: 'field', name });
      } else if (this.at('[')) {
        const open = this.pos++;
        const index = /^\d+/.exec(this.source.slice(this.pos))?.[0];
        if (!index || this.source[this.pos + index.length] !== ']')
          this.fail('write an index as [0]: a whole number in brackets', open);
        this.pos += index.length + 1;
        segments.push({ kind: 'index', index: Number(index) });
      } else break;
    }
    if (lengthOf) return { kind: 'call', name: 'len', args: [lengthOf], start, end: this.pos };
    return { kind: 'path', root, segments, start, end: this.pos };
  }

  failAfterOperand(expected: string): never {
    if (this.at(')')) this.fail('this ) has no ( before it: remove it or add the (');
    if (this.at('&') || this.at('|'))
      this.fail(
        `use ${this.source[this.pos].repeat(2)} (a single ${this.source[this.pos]} is not an operator)`,
      );
    return this.fail(
      `expected an operator (== != < > <= >= && ||) or ${expected} here; found ${this.describeNext()}`,
    );
  }

  describeNext(): string {
    if (this.done) return 'the end of the condition';
    const word = /^[\w$]+/.exec(this.source.slice(this.pos))?.[0];
    return `"${word ?? this.source[this.pos]}"`;
  }
}
