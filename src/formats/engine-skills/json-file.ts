import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { Diagnostic } from '../../ir/diagnostic.js';
import { SourceText } from '../../ir/source.js';

/** A step into a JSON value: an object key or an array index. */
export type JsonPath = readonly (string | number)[];

/**
 * A parsed JSON file that can say where each value is. JSON.parse decides what is valid; the `yaml`
 * package (JSON is YAML) supplies the offsets, computed only when a diagnostic needs them.
 */
export class JsonFile {
  private tree: YamlNode | null | undefined;

  private constructor(
    readonly src: SourceText,
    readonly value: unknown,
  ) {}

  /** Parses a file; a syntax error (or a duplicate key) comes back as a diagnostic instead. */
  static parse(file: string, text: string, code: string): { json?: JsonFile; diagnostics: Diagnostic[] } {
    const src = new SourceText(file, text);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message;
      const at = errorOffset(text, message);
      return {
        diagnostics: [
          src.diagnostic(
            'error',
            code,
            `${file} is not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '').replace(/, ".*" is not valid JSON$/s, '')}`,
            at,
            at + 1,
          ),
        ],
      };
    }
    const json = new JsonFile(src, value);
    const doc = parseDocument(text, { uniqueKeys: true });
    json.tree = doc.contents;
    const diagnostics = doc.errors
      .filter((e) => e.code === 'DUPLICATE_KEY')
      .map((e) =>
        src.diagnostic(
          'error',
          code,
          `${file} has the same key twice; JSON keeps only the last one, so remove or rename the other`,
          e.pos[0],
          e.pos[1],
        ),
      );
    return { json, diagnostics };
  }

  /** The offsets of the value at `path` (or of its key, for an object member), else of the nearest parent. */
  span(path: JsonPath, part: 'value' | 'key' = 'value'): [number, number] {
    let node = this.tree;
    let span: [number, number] = [0, 1];
    if (node?.range) span = [node.range[0], node.range[1]];
    for (const step of path) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && p.key.value === step);
        if (!pair) break;
        const key = pair.key as YamlNode;
        node = pair.value as YamlNode | null;
        const target = part === 'key' && step === path[path.length - 1] ? key : (node ?? key);
        if (target.range) span = [target.range[0], target.range[1]];
      } else if (isSeq(node) && typeof step === 'number') {
        node = node.items[step] as YamlNode | null;
        if (node?.range) span = [node.range[0], node.range[1]];
        else break;
      } else break;
    }
    return span;
  }

  /** A diagnostic at the value (or key) at `path`. */
  diagnostic(
    severity: Diagnostic['severity'],
    code: string,
    message: string,
    path: JsonPath,
    part: 'value' | 'key' = 'value',
  ): Diagnostic {
    const [start, end] = this.span(path, part);
    return this.src.diagnostic(severity, code, message, start, end);
  }

  /** The offset of character `index` of the string at `path`, when the string has no escapes before it. */
  stringOffset(path: JsonPath, index: number): number {
    const [start, end] = this.span(path);
    const raw = this.src.text.slice(start, end);
    const prefix = raw.slice(1, 1 + index);
    return raw.startsWith('"') && !prefix.includes('\\') ? start + 1 + index : start;
  }
}

/** Where JSON.parse stopped: the position it names, else the shortest prefix that already fails for another reason than ending early. */
function errorOffset(text: string, message: string): number {
  const named = / at position (\d+)/.exec(message);
  if (named) return Number(named[1]);
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsEarly(text.slice(0, mid + 1))) hi = mid;
    else lo = mid + 1;
  }
  return Math.min(lo, Math.max(0, text.length - 1));
}

function failsEarly(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (e) {
    const message = (e as Error).message;
    const named = / at position (\d+)/.exec(message);
    if (named) return Number(named[1]) < prefix.length;
    return !/Unexpected end of JSON input|Unterminated string/.test(message);
  }
}
