import { parseAegisWhen, type ExprAst, type PathAst } from '../expr/index.js';

/** An Aegis guard as a Python expression over `context`, or the construct Python is not given. */
export type PythonGuard = { ok: true; code: string; helpers: string } | { ok: false; why: string };

/**
 * Python functions that give a guard Aegis's rules (src/expr/compile), each with the ones it calls:
 * paths read `None` for what is not there, truthiness (null, false, "", 0 and NaN are false; empty
 * lists and objects are true), `==` without type conversion and by content, `< > <= >=` on numbers
 * and numeric text or else on text by UTF-16 code unit (false for anything else).
 */
const HELPERS: Record<string, { uses: string[]; code: string }> = {
  _num: {
    uses: [],
    code: `_NUMERIC = re.compile(r"\\s*[+-]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?\\s*")


def _num(v):
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str) and _NUMERIC.fullmatch(v):
        return float(v)
    return None`,
  },
  _index: {
    uses: ['_num'],
    code: `def _index(v):
    n = _num(v)
    return int(n) if n is not None and n >= 0 and n != float("inf") and n == int(n) else None`,
  },
  _at: {
    uses: [],
    code: `def _at(value, keys):
    for key in keys:
        if isinstance(value, dict) and key is not None:
            value = value.get(str(key))
        elif isinstance(value, list) and isinstance(key, int):
            value = value[key] if key < len(value) else None
        else:
            return None
    return value`,
  },
  _truthy: {
    uses: [],
    code: `def _truthy(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        return v == v and v != 0
    return v is not None and v != ""`,
  },
  _same: {
    uses: [],
    code: `def _same(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b`,
  },
  _cmp: {
    uses: ['_num'],
    code: `def _cmp(a, op, b):
    x, y = _num(a), _num(b)
    if x is None or y is None:
        if not (isinstance(a, str) and isinstance(b, str) and x is None and y is None):
            return False
        x, y = a.encode("utf-16-be", "surrogatepass"), b.encode("utf-16-be", "surrogatepass")
    return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]`,
  },
};

/** The Python a guard's expression needs before it: the helpers it calls (and theirs), in a fixed order. */
function helpersFor(code: string): string {
  const used = new Set<string>();
  const add = (name: string) => {
    if (used.has(name)) return;
    used.add(name);
    HELPERS[name].uses.forEach(add);
  };
  for (const name of Object.keys(HELPERS)) if (code.includes(`${name}(`)) add(name);
  const defs = Object.keys(HELPERS).filter((n) => used.has(n));
  return [...(used.has('_num') ? ['import re', ''] : []), ...defs.map((n) => HELPERS[n].code + '\n\n')]
    .join('\n')
    .trimEnd();
}

const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);

/**
 * An Aegis `when` as a Python expression over `context` (true when the step runs), and the helper
 * definitions it needs: `||`, `&&`, `!` and the comparisons between paths and literals. `results` are the steps whose result is
 * stored under their name: `step.output` / `step.value` read that result, as Aegis reads them.
 * Arithmetic, function calls, lists and objects are refused.
 */
export function whenToPython(source: string, results: ReadonlySet<string>): PythonGuard {
  let expr: ExprAst;
  try {
    expr = parseAegisWhen(source).expr;
  } catch {
    return { ok: false, why: 'a guard (when) that does not parse as Aegis' };
  }
  let why: string | undefined;
  const refuse = (what: string) => {
    why ??= `a guard (when) with ${what}`;
    return 'None';
  };
  // Comparisons, `!`, `&&` and `||` give a bool already; any other value is tested for truthiness.
  const truth = (e: ExprAst): string =>
    (e.kind === 'binary' && !ARITHMETIC.has(e.operator)) || (e.kind === 'unary' && e.operator === '!')
      ? walk(e)
      : `_truthy(${walk(e)})`;
  const walk = (e: ExprAst): string => {
    switch (e.kind) {
      case 'literal':
        return e.value === null
          ? 'None'
          : typeof e.value === 'boolean'
            ? e.value
              ? 'True'
              : 'False'
            : JSON.stringify(e.value);
      case 'path':
        return path(e, results, walk);
      case 'unary':
        return e.operator === '!' ? `(not ${truth(e.operand)})` : refuse('arithmetic (-)');
      case 'binary':
        switch (e.operator) {
          case '&&':
          case '||':
            return `(${truth(e.left)} ${e.operator === '&&' ? 'and' : 'or'} ${truth(e.right)})`;
          case '==':
            return `_same(${walk(e.left)}, ${walk(e.right)})`;
          case '!=':
            return `(not _same(${walk(e.left)}, ${walk(e.right)}))`;
          case '<':
          case '>':
          case '<=':
          case '>=':
            return `_cmp(${walk(e.left)}, "${e.operator}", ${walk(e.right)})`;
          default:
            return refuse(
              ARITHMETIC.has(e.operator) ? `arithmetic (${e.operator})` : `the operator ${e.operator}`,
            );
        }
      case 'call':
        return refuse(`a function call (${e.name})`);
      case 'array':
      case 'object':
        return refuse('a list or object literal');
    }
  };
  const code = truth(expr);
  return why ? { ok: false, why } : { ok: true, code, helpers: helpersFor(code) };
}

/** `_at(context, [keys])`; an older `step.output` reads the step's result. */
function path(e: PathAst, results: ReadonlySet<string>, walk: (e: ExprAst) => string): string {
  const first = e.segments[0];
  const older =
    results.has(e.root) && first?.kind === 'field' && (first.name === 'output' || first.name === 'value');
  const keys = [JSON.stringify(e.root)];
  for (const s of older ? e.segments.slice(1) : e.segments)
    keys.push(
      s.kind === 'field'
        ? JSON.stringify(s.name)
        : s.kind === 'index'
          ? String(s.index)
          : `_index(${walk(s.index)})`,
    );
  return `_at(context, [${keys.join(', ')}])`;
}
