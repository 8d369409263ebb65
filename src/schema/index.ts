export { compileSchema, sharedAjv } from './ajv.js';
export { useValidatorCache } from './validator-cache.js';
export { DEFAULT_INPUT_LIMITS, inputLimitProblem, type InputLimits } from './input-limits.js';
export { validateValue, describeFieldErrors, type FieldError, type Validation } from './validate.js';
