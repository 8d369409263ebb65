import { createRequire } from 'node:module';
import type { Ajv, Options, ValidateFunction } from 'ajv';
import type { JsonSchema } from '../ir/schema.js';
import { canonicalJson } from './canonical-json.js';
import { Lru } from './lru.js';
import { cachedValidator, storeValidator } from './validator-cache.js';

// Ajv and ajv-formats (CommonJS, dozens of files) are required on first use, not at startup:
// `skein validate` of a file that needs no validation never pays for them.
const require = createRequire(import.meta.url);

/** How many compiled validators are kept; the least recently used beyond that are dropped (from Ajv too). */
const MAX_VALIDATORS = 1000;

let ajv: Ajv | undefined;
let formats = false;
/** A compiled schema, and whether Ajv writes defaults into the values it checks. */
export interface CompiledSchema {
  validate: ValidateFunction;
  hasDefaults: boolean;
}
/**
 * Validators by a schema's canonical JSON, so that a schema that comes back from a store as a new
 * object (an await's answer schema, at every resume) finds the validator compiled before.
 */
const byContent = new Lru<string, CompiledSchema & { schema: JsonSchema }>(MAX_VALIDATORS, (_key, entry) =>
  ajv?.removeSchema(entry.schema),
);
/** The canonical JSON of a schema, by its JSON as it is (key order as written). */
const canonicalByText = new Lru<string, string>(MAX_VALIDATORS);
/** The same, by object, so that a skill's own schemas skip the canonical text (weak: no leak). */
const byObject = new WeakMap<object, CompiledSchema>();

/** A new Ajv instance, loaded on first use. */
export function newAjv(options: Options): Ajv {
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass(options);
}

/**
 * The shared Ajv instance: all errors, defaults applied, annotations from front ends allowed. The
 * formats (ajv-formats) are added when a schema first needs them.
 */
export function sharedAjv(withFormats = false): Ajv {
  ajv ??= newAjv({
    allErrors: true,
    useDefaults: true,
    strict: false,
    validateSchema: false,
    // Kept for the on-disk cache (validator-cache.ts): standalone code names ajv-formats' functions.
    code: { source: true, formats: formatsCode() },
  });
  if (withFormats && !formats) {
    formats = true;
    const addFormats = (require('ajv-formats') as { default: (a: Ajv) => Ajv }).default;
    addFormats(ajv);
  }
  return ajv;
}

/** Compiles a schema once; later calls with the same schema, or an equal one, reuse the function. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  return compiledSchema(schema).validate;
}

/** A schema's validator and whether it has defaults, compiled once per content. */
export function compiledSchema(schema: JsonSchema): CompiledSchema {
  const known = byObject.get(schema);
  if (known) return known;
  // A schema read back from a store (an await's, at each resume) is a new object with text seen before:
  // its canonical text is found by that text, without the sorted copies that making it takes.
  const text = JSON.stringify(schema);
  let key = canonicalByText.get(text);
  if (key === undefined) canonicalByText.set(text, (key = canonicalJson(schema)));
  let entry = byContent.get(key);
  if (!entry) {
    entry = {
      validate: cachedValidator(key) ?? compileAndStore(key, schema),
      hasDefaults: key.includes('"default"'),
      schema,
    };
    byContent.set(key, entry);
  }
  byObject.set(schema, entry);
  return entry;
}

function compileAndStore(key: string, schema: JsonSchema): ValidateFunction {
  const ajv = sharedAjv(key.includes('"format"'));
  const validate = ajv.compile(schema);
  storeValidator(key, ajv, validate);
  return validate;
}

/** The code by which standalone validators reach ajv-formats' format functions. */
function formatsCode() {
  const { _ } = require('ajv') as typeof import('ajv');
  return _`require("ajv-formats/dist/formats").fullFormats`;
}
