import type { JsonArray, JsonEntry, JsonNode, JsonObject, JsonScalar } from './json-node.js';
import { SkeinError } from '../../../errors/index.js';
import { MAX_NESTING } from '../nesting.js';

/** A parsed document, with the keys written more than once; or the first syntax error and where it is. */
export type JsonParse =
  | { ok: true; root: JsonNode; duplicates: JsonEntry[] }
  | { ok: false; message: string; offset: number; length: number };

class JsonSyntaxError extends SkeinError {
  constructor(
    message: string,
    readonly offset: number,
    readonly length = 1,
  ) {
    super('json_syntax', message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * Parses strict JSON (RFC 8259) keeping the position of every value and key. Errors say what is wrong
 * in JSON's terms and how a correct form looks (comments, trailing commas and single quotes are named).
 */
export function parseJson(text: string): JsonParse {
  const p = new Parser(text);
  try {
    p.space();
    const root = p.value('the document');
    p.space();
    if (p.pos < text.length)
      p.fail(`unexpected ${p.describe()} after the end of the JSON value; a JSON file holds one value`);
    return { ok: true, root, duplicates: p.duplicates };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    return { ok: false, message: e.message, offset: e.offset, length: e.length };
  }
}

class Parser {
  pos = 0;
  readonly duplicates: JsonEntry[] = [];
  private depth = 0;

  constructor(private readonly text: string) {}

  value(where: string): JsonNode {
    const c = this.text[this.pos];
    if (c === '{' || c === '[') {
      if (++this.depth > MAX_NESTING)
        this.fail(`arrays and objects nest deeper than ${MAX_NESTING} levels here; flatten the structure`);
      const node = c === '{' ? this.object() : this.array();
      this.depth--;
      return node;
    }
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const)
      if (this.text.startsWith(word, this.pos)) {
        const start = this.pos;
        this.pos += word.length;
        return { kind: value === null ? 'null' : 'boolean', value, start, end: this.pos };
      }
    if (c === "'") this.fail('strings in JSON use double quotes: write "text", not \'text\'');
    if (c === undefined)
      this.fail(`the file ends where ${where} should be; add it, e.g. "text", 1, true, {…} or […]`);
    this.fail(
      `expected ${where} (a string in double quotes, a number, true, false, null, {…} or […]); found ${this.describe()}`,
    );
  }

  private object(): JsonObject {
    const start = this.pos++;
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    this.space();
    if (this.eat('}')) return { kind: 'object', entries, start, end: this.pos };
    for (;;) {
      this.space();
      if (this.pos >= this.text.length) this.unclosed('}', 'object', start, 'a property value');
      if (this.text[this.pos] !== '"') {
        if (this.text[this.pos] === '}')
          this.fail('a trailing comma before } is not allowed in JSON; remove the comma', this.lastComma());
        this.fail(`expected a property name in double quotes, e.g. "name": …; found ${this.describe()}`);
      }
      const key = this.string();
      this.space();
      if (!this.eat(':'))
        this.fail(
          `expected ":" after the property name ${JSON.stringify(key.value)}; found ${this.describe()}`,
        );
      this.space();
      const entry: JsonEntry = {
        key: key.value as string,
        keyStart: key.start,
        keyEnd: key.end,
        value: this.value(`the value of ${JSON.stringify(key.value)}`),
      };
      if (seen.has(entry.key)) this.duplicates.push(entry);
      seen.add(entry.key);
      entries.push(entry);
      this.space();
      if (this.eat('}')) return { kind: 'object', entries, start, end: this.pos };
      if (!this.eat(',')) this.unclosed('}', 'object', start, 'a property value');
    }
  }

  private array(): JsonArray {
    const start = this.pos++;
    const items: JsonNode[] = [];
    this.space();
    if (this.eat(']')) return { kind: 'array', items, start, end: this.pos };
    for (;;) {
      this.space();
      if (this.text[this.pos] === ']')
        this.fail('a trailing comma before ] is not allowed in JSON; remove the comma', this.lastComma());
      items.push(this.value('an array element'));
      this.space();
      if (this.eat(']')) return { kind: 'array', items, start, end: this.pos };
      if (!this.eat(',')) this.unclosed(']', 'array', start, 'an element');
    }
  }

  private string(): JsonScalar {
    const start = this.pos++;
    let value = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined || c === '\n')
        this.fail('this string is not closed: add the closing " on the same line', start);
      this.pos++;
      if (c === '"') return { kind: 'string', value, start, end: this.pos };
      if (c < ' ')
        this.fail(
          'a control character (such as a tab) must be escaped inside a JSON string, e.g. \\t',
          this.pos - 1,
        );
      if (c !== '\\') {
        value += c;
        continue;
      }
      const e = this.text[this.pos];
      if (e === 'u') {
        const hex = this.text.slice(this.pos + 1, this.pos + 5);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          this.fail('\\u must be followed by four hex digits, e.g. \\u00e9', this.pos - 1, 2);
        value += String.fromCharCode(parseInt(hex, 16));
        this.pos += 5;
      } else if (e !== undefined && Object.hasOwn(ESCAPES, e)) {
        value += ESCAPES[e];
        this.pos++;
      } else
        this.fail(
          `"\\${e ?? ''}" is not a JSON escape; use \\n, \\t, \\", \\\\ or \\uXXXX (write "\\\\" for a backslash)`,
          this.pos - 1,
          2,
        );
    }
  }

  private number(): JsonScalar {
    const start = this.pos;
    NUMBER.lastIndex = start;
    if (!NUMBER.test(this.text))
      this.fail(`"${this.text.slice(start, start + 8)}" is not a JSON number; write e.g. 30000, -1 or 0.5`);
    this.pos = NUMBER.lastIndex;
    if (/[\w.]/.test(this.text[this.pos] ?? ''))
      this.fail(
        `"${this.text.slice(start, this.pos + 1)}…" is not a JSON number; write e.g. 30000, -1 or 0.5`,
        start,
        this.pos + 1 - start,
      );
    return { kind: 'number', value: Number(this.text.slice(start, this.pos)), start, end: this.pos };
  }

  /** Skips whitespace; a comment is an error, since JSON has none. */
  space(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '/' && (this.text[this.pos + 1] === '/' || this.text[this.pos + 1] === '*'))
        this.fail(
          'JSON has no comments; remove it (a "description" field can hold the explanation)',
          this.pos,
          2,
        );
      else return;
    }
  }

  private eat(c: string): boolean {
    if (this.text[this.pos] !== c) return false;
    this.pos++;
    return true;
  }

  private unclosed(close: string, what: string, start: number, after: string): never {
    if (this.pos >= this.text.length)
      this.fail(`the ${what} opened here is not closed: add ${close} at its end`, start);
    this.fail(`expected "," or "${close}" after ${after}; found ${this.describe()} (is a comma missing?)`);
  }

  private lastComma(): number {
    return this.text.lastIndexOf(',', this.pos);
  }

  describe(): string {
    const c = this.text[this.pos];
    if (c === undefined) return 'the end of the file';
    const word = /^[\w$]+/.exec(this.text.slice(this.pos, this.pos + 20))?.[0];
    return JSON.stringify(word ?? c);
  }

  fail(message: string, offset = this.pos, length = 1): never {
    throw new JsonSyntaxError(message, offset, length);
  }
}
