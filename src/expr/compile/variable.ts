import type { Scope } from '../../ir/expr.js';
import type { Frame } from './context.js';

/**
 * Reads a root variable: the field of that name of the innermost loop element that has one, else the
 * scope's. For names that no object inherits (see isInheritedName); undefined when there is none.
 */
export function readVariable(scope: Scope, frame: Frame | null, name: string): unknown {
  for (let f = frame; f !== null; f = f.parent) {
    const fields = f.fields;
    if (fields !== null) {
      const v = fields[name];
      if (v !== undefined) return v;
    }
  }
  return scope[name];
}
