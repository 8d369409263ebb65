import { existsSync } from 'node:fs';
import { SandboxError } from './errors.js';

/**
 * Where the worker's entry file is: next to this module once compiled (dist/sandbox/worker.js),
 * beside the bundled CLI's chunks (dist/cli-bundle → dist/sandbox), or the TypeScript source when
 * running under tsx (workers inherit the `--import tsx` of their process).
 */
export function workerScript(): URL {
  for (const candidate of ['./worker.js', '../sandbox/worker.js', './worker.ts']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return url;
  }
  throw new SandboxError(
    'worker_failed',
    `the sandbox's worker script (sandbox/worker.js) is missing next to ${import.meta.url}; run npm run build`,
  );
}
