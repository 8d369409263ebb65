import { existsSync, watch, type FSWatcher } from 'node:fs';
import type { LiveSkills } from './live-skills.js';

/**
 * Reloads the skills when files change under the folders of the skills path (changes settle for
 * `settleMs` first); returns how to stop watching.
 */
export function watchSkills(paths: readonly string[], skills: LiveSkills, settleMs = 150): () => void {
  let timer: NodeJS.Timeout | undefined;
  let reloading = Promise.resolve();
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (reloading = reloading.then(() => skills.reload())), settleMs);
  };
  const watchers: FSWatcher[] = paths
    .filter((p) => existsSync(p))
    .map((p) => watch(p, { recursive: true }, changed).on('error', () => undefined));
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
