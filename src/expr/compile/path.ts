import type { Scope } from '../../ir/expr.js';
import type { PathExpr, Segment } from '../ast.js';
import { CompileError } from '../compile-error.js';
import type { CompileContext, Evaluate, Frame, Site } from './context.js';
import { asIndex } from './numbers.js';
import { dataField, isInheritedName } from './properties.js';
import { readVariable } from './variable.js';

/** One step into an object or array; undefined when there is nothing there. */
type Step = (value: object, scope: Scope, frame: Frame | null) => unknown;

/** Compiles a path into a function returning its value, or the semantics' missing value when there is none. */
export function compilePath(path: PathExpr, ctx: CompileContext): Evaluate {
  const text = ctx.source.slice(path.start, path.end);
  const missing = ctx.semantics.missing;
  // Resolved only when a syntax's `missing` fails: finding the site is not free, and rarely needed.
  const site: Site = { fail: (message) => ctx.siteAt(path).fail(message) };
  const name = path.root;
  if (path.segments.length === 0 && ctx.depth === 0 && name !== '_' && !isInheritedName(name)) {
    return (scope) => {
      const v = scope[name];
      return v === undefined ? missing(text, site) : v;
    };
  }
  const root = compileRoot(path, ctx);
  const steps = path.segments.map((s) => compileStep(s, ctx));
  const count = steps.length;
  return (scope, frame) => {
    let v = root(scope, frame);
    for (let i = 0; i < count; i++) {
      if (typeof v !== 'object' || v === null) return missing(text, site);
      v = steps[i](v, scope, frame);
    }
    return v === undefined ? missing(text, site) : v;
  };
}

/** Reads a root variable: the loop element `_`, else the innermost loop element field of that name, else the scope's. */
function compileRoot(path: PathExpr, ctx: CompileContext): Evaluate {
  const name = path.root;
  if (name === '_') {
    if (ctx.depth === 0)
      throw new CompileError(
        '_ is the current element of a loop and is only defined inside {{#for array}}…{{/for}}',
        path.start,
        1,
      );
    return (_scope, frame) => frame!.element;
  }
  if (isInheritedName(name)) {
    return (scope, frame) => {
      for (let f = frame; f !== null; f = f.parent) {
        if (f.fields !== null) {
          const v = dataField(f.fields, name);
          if (v !== undefined) return v;
        }
      }
      return dataField(scope, name);
    };
  }
  if (ctx.depth === 0) return (scope) => scope[name];
  return (scope, frame) => readVariable(scope, frame, name);
}

function compileStep(segment: Segment, ctx: CompileContext): Step {
  switch (segment.kind) {
    case 'field': {
      const name = segment.name;
      if (isInheritedName(name)) return (v) => (Array.isArray(v) ? undefined : dataField(v, name));
      return (v) => (Array.isArray(v) ? undefined : (v as Record<string, unknown>)[name]);
    }
    case 'index': {
      const index = segment.index;
      const key = String(index);
      return (v) => (Array.isArray(v) ? v[index] : (v as Record<string, unknown>)[key]);
    }
    case 'variable-index': {
      const read = compilePath(segment.index, ctx);
      return (v, scope, frame) => {
        const index = asIndex(read(scope, frame));
        if (index === undefined) return undefined;
        return Array.isArray(v) ? v[index] : (v as Record<string, unknown>)[String(index)];
      };
    }
  }
}
