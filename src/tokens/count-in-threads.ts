import { availableParallelism } from 'node:os';
import { askWorker, findWorkerScript } from '../text/worker-thread.js';
import { count } from './count.js';

/** Below this many characters in all, one thread counts them faster than starting others. */
const CHARS_FOR_THREADS = 1_000_000;

/**
 * The token counts of many texts (o200k_base), in order. Much text (a repository's reference files:
 * 10 MB take ~4 s of one core) is split into contiguous shares of about equal size counted at once,
 * this thread taking the first; a share whose thread fails is counted here.
 */
export async function countAll(texts: readonly string[]): Promise<number[]> {
  const total = texts.reduce((n, t) => n + t.length, 0);
  const threads = Math.min(availableParallelism(), 4);
  const script =
    total >= CHARS_FOR_THREADS && threads > 1
      ? findWorkerScript(import.meta.url, [
          './count-worker.js',
          '../tokens/count-worker.js',
          './count-worker.ts',
        ])
      : undefined;
  if (!script) return texts.map(count);
  const shares = bySize(texts, threads, total);
  // The threads start first; this one then counts its share while they count theirs.
  const others = shares
    .slice(1)
    .map((share) => askWorker<number[]>(script, share).catch(() => share.map(count)));
  const first = shares[0].map(count);
  return [first, ...(await Promise.all(others))].flat();
}

/** `texts` in at most `n` contiguous shares of about `total / n` characters each. */
function bySize(texts: readonly string[], n: number, total: number): string[][] {
  const shares: string[][] = [[]];
  let size = 0;
  for (const t of texts) {
    if (size >= total / n && shares.length < n) {
      shares.push([]);
      size = 0;
    }
    shares[shares.length - 1].push(t);
    size += t.length;
  }
  return shares;
}
