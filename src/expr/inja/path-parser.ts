import type { Expr, PathExpr, Segment } from '../ast.js';
import type { Scanner } from './scanner.js';
import { parseStringLiteral } from '../string-literal.js';

// The Inja operands that hold no other expression: paths with their indexes, and the call node a
// function's name and arguments make.

/** A whole number as a path step (`a.0`, `a[0]`). */
export const INDEX = /^(?:0|[1-9]\d*)$/;
/** The escapes of a quoted string. */
export const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** A path from its root name: `.name`, `.0`, `[0]`, `["key"]`, `[other.path]`. */
export function parsePath(sc: Scanner, start: number): PathExpr {
  const root = sc.take(sc.nameLength());
  const segments: Segment[] = [];
  for (;;) {
    if (sc.at('.')) {
      const length = sc.nameLength(sc.pos + 1);
      if (!length) sc.fail(`expected a field name after "${sc.source.slice(start, sc.pos + 1)}"`, sc.pos + 1);
      sc.pos++;
      const key = sc.take(length);
      segments.push(INDEX.test(key) ? { kind: 'index', index: Number(key) } : { kind: 'field', name: key });
    } else if (sc.at('[')) segments.push(parseIndex(sc));
    else break;
  }
  if (sc.at('(')) {
    const method = segments.at(-1);
    sc.fail(
      `${sc.source.slice(start, sc.pos)}(…) is a method call, which Inja does not have; call a function instead, e.g. upper(name), length(items), first(items), join(items, ", ")${method?.kind === 'field' && method.name === 'split' ? ', or split text in a codelet' : ''}`,
      start,
      sc.pos + 1 - start,
    );
  }
  return { kind: 'path', root, segments, start, end: sc.pos };
}

export function parseIndex(sc: Scanner): Segment {
  const open = sc.pos++;
  sc.skipSpace();
  let segment: Segment;
  const c = sc.peek();
  if (c === '"' || c === "'")
    segment = { kind: 'field', name: String(parseStringLiteral(sc, ESCAPES).value) };
  else if (sc.numberLength() && INDEX.test(sc.source.slice(sc.pos, sc.pos + sc.numberLength())))
    segment = { kind: 'index', index: Number(sc.take(sc.numberLength())) };
  else if (sc.nameLength() && !/\d/.test(c))
    segment = { kind: 'variable-index', index: parsePath(sc, sc.pos) };
  else
    return sc.fail(
      `an index is a whole number, a quoted key or a variable, e.g. items[0], user["name"] or items[i]; found ${sc.describeNext()}`,
    );
  sc.skipSpace();
  if (!sc.eat(']')) sc.fail(`[ is not closed: add ] after the index (found ${sc.describeNext()})`, open);
  return segment;
}

/** A call node; `exists("a.b")` names a variable, so its text becomes the path. */
export function call(name: string, args: Expr[], start: number, end: number): Expr {
  // exists("a.b") names a variable: it becomes the path, which the function may find missing.
  if (
    name === 'exists' &&
    args.length === 1 &&
    args[0].kind === 'literal' &&
    typeof args[0].value === 'string'
  ) {
    const text = args[0].value;
    const steps = text.replace(/^\$\./, '').split('.');
    if (steps.every((s) => s.length > 0)) {
      const segments: Segment[] = steps
        .slice(1)
        .map((s) => (INDEX.test(s) ? { kind: 'index', index: Number(s) } : { kind: 'field', name: s }));
      args = [{ kind: 'path', root: steps[0], segments, start: args[0].start, end: args[0].end }];
    }
  }
  return { kind: 'call', name, args, start, end };
}
