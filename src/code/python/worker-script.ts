import { existsSync } from 'node:fs';
import { SandboxError } from './errors.js';

/**
 * Where the worker's entry file is: next to this module once compiled (dist/code/python/worker.js),
 * beside the bundled CLI's chunks (dist/cli-bundle → dist/code/python), or the TypeScript source when
 * running under tsx (workers inherit the `--import tsx` of their process).
 */
export function workerScript(): URL {
  for (const candidate of ['./worker.js', '../code/python/worker.js', './worker.ts']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return url;
  }
  throw new SandboxError(
    'worker_failed',
    `the sandbox's worker script (code/python/worker.js) is missing next to ${import.meta.url}; run npm run build`,
  );
}
