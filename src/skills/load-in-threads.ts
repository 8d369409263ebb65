import { availableParallelism } from 'node:os';
import { checkFacts, type CheckFacts } from '../ir/skill.js';
import { askWorker, findWorkerScript } from '../text/worker-thread.js';
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
  return askWorker<CheckedPaths>(script, { targets, options });
}

/** `targets` in `n` contiguous shares of nearly equal length. */
function split<T>(targets: readonly T[], n: number): T[][] {
  const size = Math.ceil(targets.length / n);
  return Array.from({ length: n }, (_, i) => targets.slice(i * size, (i + 1) * size)).filter((s) => s.length);
}

/** The worker's entry (dist/skills once compiled, seen from the bundled CLI's chunks, or the source). */
function workerScript(): URL | undefined {
  return findWorkerScript(import.meta.url, [
    './load-worker.js',
    '../skills/load-worker.js',
    './load-worker.ts',
  ]);
}
