// Retention (docs/operations.md, "Retention"): finished runs older than `retention.runs` are deleted
// with everything of theirs, then the skill files no run refers to.
import type { SkeinConfig } from '../config/config.js';
import { SkeinError } from '../errors/index.js';
import type { PrunedRun, RunStore } from '../runtime/index.js';

/** Which runs `prune` deletes: finished before `olderThanMs` ago (default `retention.runs`), of one status or both. */
export interface PruneOptions {
  olderThanMs?: number;
  status?: 'completed' | 'failed';
  /** Only say which runs would go. */
  dryRun?: boolean;
}

/** What a prune deleted (or, dry, would delete): the runs, and how many stored skill snapshots went. */
export interface PruneReport {
  runs: PrunedRun[];
  sources: number;
}

/** How often `serve` and `worker` prune by default: hourly. */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Deletes the finished runs `options` select and then the snapshots no run refers to. */
export async function pruneStore(
  store: RunStore,
  config: SkeinConfig,
  options: PruneOptions = {},
): Promise<PruneReport> {
  const olderThanMs = options.olderThanMs ?? config.retention.runsMs;
  if (olderThanMs === undefined)
    throw new SkeinError(
      'usage',
      'no retention is configured: say how old a finished run must be (--older-than 30d), or set retention.runs in skein.yaml',
    );
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const runs = await store.pruneRuns({ before, status: options.status, dryRun: options.dryRun });
  const sources = options.dryRun ? 0 : await store.deleteUnusedSources();
  return { runs, sources };
}

/**
 * Prunes by `retention.runs` now and every `everyMs` until the function returned is called (which
 * waits for a prune in progress); each prune's report, or its error, goes to `onPruned`.
 */
export function startPruner(
  prune: () => Promise<PruneReport>,
  everyMs: number,
  onPruned: (report: PruneReport | Error) => void,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= prune()
      .then(onPruned, (e: unknown) => onPruned(e instanceof Error ? e : new Error(String(e))))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
