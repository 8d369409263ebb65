import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';

// Compiled validators kept on disk as Ajv's standalone code, so that a later process validates with
// the same function without loading Ajv or compiling (≈ 45 ms of a cold `skein run`: loading Ajv's
// ~100 CommonJS files and its first compile). Like a compiler's object files: a file per schema,
// named by the digest of the schema and of the Ajv that wrote it, read back with `require`.
const require = createRequire(import.meta.url);

/** Ajv's `standaloneCode` (its module has no types of its own under the package's exports). */
type StandaloneCode = (ajv: Ajv, validate: ValidateFunction) => string;

let dir: string | undefined;
let ajvIdentity: string | undefined;

/** Keeps compiled validators under `folder` from now on (a Skein opened on a home calls it). */
export function useValidatorCache(folder: string): void {
  dir = folder;
}

/** The cached validator of a schema (by its canonical JSON), if an earlier process stored one. */
export function cachedValidator(key: string): ValidateFunction | undefined {
  if (!dir) return undefined;
  try {
    const validate: unknown = require(fileOf(dir, key));
    return typeof validate === 'function' ? (validate as ValidateFunction) : undefined;
  } catch {
    return undefined; // not stored yet, or written by another install: compiled again and replaced
  }
}

/** Stores a validator compiled by `ajv` (created with `code.source`) for later processes. */
export function storeValidator(key: string, ajv: Ajv, validate: ValidateFunction): void {
  if (!dir) return;
  try {
    const standaloneCode = (require('ajv/dist/standalone') as { default: StandaloneCode }).default;
    // The file lives outside node_modules: the runtime helpers it requires are named by their paths.
    const code = standaloneCode(ajv, validate).replace(
      /require\("([^"]+)"\)/g,
      (_m: string, id: string) => `require(${JSON.stringify(require.resolve(id))})`,
    );
    mkdirSync(dir, { recursive: true });
    const file = fileOf(dir, key);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file); // whole or absent, whichever process wins
  } catch {
    // A cache that cannot be written (read-only home, a schema standalone code cannot express) costs
    // a compile in the next process, nothing more.
  }
}

function fileOf(folder: string, key: string): string {
  ajvIdentity ??= `${require.resolve('ajv')}@${(require('ajv/package.json') as { version: string }).version}`;
  return join(
    folder,
    `${createHash('sha256').update(ajvIdentity).update('\0').update(key).digest('hex')}.cjs`,
  );
}
