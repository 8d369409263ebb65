import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { checkFacts, type CheckFacts } from '../ir/skill.js';
import {
  findTargets,
  loadTargets,
  type LoadedUnit,
  type LoadOptions,
  type LoadTarget,
  type SkippedPath,
} from './load-paths.js';

/** A loaded unit with its skills as facts: what checking many files needs, and all a thread can send back. */
export type CheckedUnit = Omit<LoadedUnit, 'skills'> & { skills: CheckFacts[] };

/** What `loadForCheck` found. */
export interface CheckedPaths {
  units: CheckedUnit[];
  skipped: SkippedPath[];
  /** Threads that loaded a share (this one included). */
  threads: number;
}

/** Below this many files, starting threads costs more than it saves. */
const FILES_PER_THREAD = 150;

/**
 * Loads files and folders to check them (`skein validate`): a large tree is split into contiguous
 * shares loaded at once on every core, this thread taking the first share and worker threads the
 * others; units come back in walk order. A share whose thread fails is loaded here instead.
 */
export async function loadForCheck(
  paths: readonly string[],
  options: LoadOptions = {},
): Promise<CheckedPaths> {
  const { targets, skipped } = await findTargets(paths, options);
  const threads = Math.min(availableParallelism(), 8, Math.floor(targets.length / FILES_PER_THREAD));
  const script = threads > 1 ? workerScript() : undefined;
  const shares = script ? split(targets, threads) : [targets];
  const parts = await Promise.all(
    shares.map((share, i) =>
      i === 0 || !script
        ? loadHere(share, options)
        : inThread(script, share, options).catch(() => loadHere(share, options, 0)),
    ),
  );
  return {
    units: parts.flatMap((p) => p.units),
    skipped: [...skipped, ...parts.flatMap((p) => p.skipped)],
    threads: parts.reduce((n, p) => n + p.threads, 0),
  };
}

/** Loads a share in this thread; `threads` counts it as loaded by a thread of its own or not. */
async function loadHere(
  targets: readonly LoadTarget[],
  options: LoadOptions,
  threads = 1,
): Promise<CheckedPaths> {
  const loaded = await loadTargets(targets, options);
  return {
    units: loaded.units.map((u) => ({ ...u, skills: u.skills.map(checkFacts) })),
    skipped: loaded.skipped,
    threads,
  };
}

function inThread(script: URL, targets: readonly LoadTarget[], options: LoadOptions): Promise<CheckedPaths> {
  const ts = script.pathname.endsWith('.ts');
  return new Promise((resolve, reject) => {
    const worker = new Worker(ts ? viaTsx(script) : script, {
      eval: ts,
      workerData: { targets, options },
      stdout: true,
      stderr: true,
    });
    worker.once('message', (answer: CheckedPaths) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the loading thread exited with code ${code}`)));
  });
}

/** `targets` in `n` contiguous shares of nearly equal length. */
function split<T>(targets: readonly T[], n: number): T[][] {
  const size = Math.ceil(targets.length / n);
  return Array.from({ length: n }, (_, i) => targets.slice(i * size, (i + 1) * size)).filter((s) => s.length);
}

/**
 * The worker's entry: next to this module once compiled (dist/library), beside the bundled CLI's
 * chunks (dist/cli-bundle → dist/library), or the TypeScript source under tsx.
 */
function workerScript(): URL | undefined {
  for (const candidate of ['./load-worker.js', '../library/load-worker.js', './load-worker.ts']) {
    const url = new URL(candidate, import.meta.url);
    if (existsSync(url)) return url;
  }
  return undefined;
}

/** A bootstrap that loads a TypeScript worker through tsx's API (a worker does not get the process's hooks). */
function viaTsx(script: URL): string {
  const href = JSON.stringify(script.href);
  return `import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`;
}
