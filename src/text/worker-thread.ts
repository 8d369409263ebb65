import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * A worker's entry script: the first of `candidates` (paths relative to `base`, a module's
 * import.meta.url) that exists. Callers list the compiled file beside them, the same file seen from the
 * bundled CLI's chunks (dist/cli-bundle), and the TypeScript source for runs under tsx.
 */
export function findWorkerScript(base: string, candidates: readonly string[]): URL | undefined {
  for (const candidate of candidates) {
    const url = new URL(candidate, base);
    if (existsSync(url)) return url;
  }
  return undefined;
}

/** Runs a worker on `data` and resolves with the first message it posts (then ends it). */
export function askWorker<T>(script: URL, data: unknown): Promise<T> {
  const ts = script.pathname.endsWith('.ts');
  return new Promise((resolve, reject) => {
    const worker = new Worker(ts ? viaTsx(script) : script, {
      eval: ts,
      workerData: data,
      stdout: true,
      stderr: true,
    });
    worker.once('message', (answer: T) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the worker thread exited with code ${code}`)));
  });
}

/** A bootstrap that loads a TypeScript worker through tsx's API (a worker does not get the process's hooks). */
function viaTsx(script: URL): string {
  const href = JSON.stringify(script.href);
  return `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
}
