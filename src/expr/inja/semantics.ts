import type { Semantics } from '../compile/semantics.js';
import { formatValue } from '../format.js';
import { injaFunctions } from './functions.js';

/** Inja's truthiness: booleans as they are, numbers when not 0, null false, text, lists and objects when not empty. */
function truthy(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'string':
      return v.length > 0;
    case 'object':
      return v !== null && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
    default:
      return false;
  }
}

/**
 * Inja rules: a variable that does not exist fails the node, naming it (null is a value and renders as
 * ""); values display like Aegis (objects and arrays as JSON); Inja's built-in functions.
 */
export const injaSemantics: Semantics = {
  missing: (path, site) =>
    site.fail(
      `variable '${path}' is not in the context (no earlier node wrote it and the run's input has no such key)`,
    ),
  format: formatValue,
  truthy,
  functions: injaFunctions,
};
