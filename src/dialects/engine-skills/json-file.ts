import type { Diagnostic } from '../../ir/diagnostic.js';
import { SourceText } from '../../ir/source.js';
import { entryOf, toValue, type JsonNode } from '../kit/json/json-node.js';
import { parseJson } from '../kit/json/parse-json.js';
import { stringOffset } from '../kit/json/string-offset.js';
import type { EngineDiagnosticCode } from './codes.js';

/** A step into a JSON value: an object key or an array index. */
export type JsonPath = readonly (string | number)[];

/** A parsed JSON file that can say where each value is (the kit's JSON reader keeps every offset). */
export class JsonFile {
  readonly value: unknown;

  private constructor(
    readonly src: SourceText,
    private readonly root: JsonNode,
  ) {
    this.value = toValue(root);
  }

  /** Parses a file; a syntax error (or a duplicate key) comes back as a diagnostic instead. */
  static parse(
    file: string,
    text: string,
    code: EngineDiagnosticCode,
  ): { json?: JsonFile; diagnostics: Diagnostic[] } {
    const src = new SourceText(file, text);
    const parsed = parseJson(text);
    if (!parsed.ok)
      return {
        diagnostics: [
          src.diagnostic(
            'error',
            code,
            `${file} is not valid JSON: ${parsed.message}`,
            parsed.offset,
            parsed.offset + parsed.length,
          ),
        ],
      };
    const diagnostics = parsed.duplicates.map((d) =>
      src.diagnostic(
        'error',
        code,
        `${file} has the same key twice ("${d.key}"); JSON keeps only the last one, so remove or rename the other`,
        d.keyStart,
        d.keyEnd,
      ),
    );
    return { json: new JsonFile(src, parsed.root), diagnostics };
  }

  /** The offsets of the value at `path` (or of its key, for an object member), else of the nearest parent. */
  span(path: JsonPath, part: 'value' | 'key' = 'value'): [number, number] {
    let node: JsonNode | undefined = this.root;
    let span: [number, number] = [node.start, node.end];
    for (const [i, step] of path.entries()) {
      if (node?.kind === 'object') {
        const entry = entryOf(node, String(step));
        if (!entry) break;
        node = entry.value;
        span =
          part === 'key' && i === path.length - 1 ? [entry.keyStart, entry.keyEnd] : [node.start, node.end];
      } else if (node?.kind === 'array' && typeof step === 'number' && node.items[step]) {
        node = node.items[step];
        span = [node.start, node.end];
      } else break;
    }
    return span;
  }

  /** A diagnostic at the value (or key) at `path`. */
  diagnostic(
    severity: Diagnostic['severity'],
    code: EngineDiagnosticCode,
    message: string,
    path: JsonPath,
    part: 'value' | 'key' = 'value',
  ): Diagnostic {
    const [start, end] = this.span(path, part);
    return this.src.diagnostic(severity, code, message, start, end);
  }

  /** The offset of character `index` of the string at `path` (escapes stepped over). */
  stringOffset(path: JsonPath, index: number): number {
    let node: JsonNode | undefined = this.root;
    for (const step of path)
      node =
        node?.kind === 'object'
          ? entryOf(node, String(step))?.value
          : node?.kind === 'array' && typeof step === 'number'
            ? node.items[step]
            : undefined;
    return node?.kind === 'string' ? stringOffset(this.src.text, node, index) : this.span(path)[0];
  }
}
