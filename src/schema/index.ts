export { compileSchema, sharedAjv } from './ajv.js';
export { validateValue, describeFieldErrors, type FieldError, type Validation } from './validate.js';
