import { createRequire } from 'node:module';
import type { Ajv, Options, ValidateFunction } from 'ajv';
import type { JsonSchema } from '../ir/schema.js';

// Ajv and ajv-formats (CommonJS, dozens of files) are required on first use, not at startup:
// `skein validate` of a file that needs no validation never pays for them.
const require = createRequire(import.meta.url);

let ajv: Ajv | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** A new Ajv instance, loaded on first use. */
export function newAjv(options: Options): Ajv {
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass(options);
}

/** The shared Ajv instance: all errors, defaults applied, annotations from front ends allowed. */
export function sharedAjv(): Ajv {
  if (!ajv) {
    ajv = newAjv({ allErrors: true, useDefaults: true, strict: false, validateSchema: false });
    const addFormats = (require('ajv-formats') as { default: (a: Ajv) => Ajv }).default;
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
