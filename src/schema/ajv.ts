import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../ir/schema.js';

// ajv-formats is CommonJS; under NodeNext its function arrives as the module's `default` property.
const addFormats = addFormatsModule.default;

let ajv: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** The shared Ajv instance: all errors, defaults applied, annotations from front ends allowed. */
export function sharedAjv(): Ajv {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, validateSchema: false });
    addFormats(ajv);
  }
  return ajv;
}

/** Compiles a schema once; later calls with the same schema object reuse the function. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    fn = sharedAjv().compile(schema);
    compiled.set(schema, fn);
  }
  return fn;
}
