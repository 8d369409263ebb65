import type { Semantics } from '../compile/semantics.js';
import { formatValue } from '../format.js';
import { pipes } from './pipes/index.js';

/**
 * Pipeline rules: a missing value is `undefined` (as in OpenEvo's engine), so a whole-value `{{x}}` that
 * finds nothing leaves its field out of the called skill's input (its default or `required` then speaks)
 * and renders as "" inside text; truthiness is JavaScript's.
 */
export const pipelineSemantics: Semantics = {
  missing: () => undefined,
  format: formatValue,
  truthy: (v) => Boolean(v),
  functions: pipes,
};
