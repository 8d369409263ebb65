import { watch, type FSWatcher } from 'node:fs';

const SETTLE_MS = 150;

/**
 * Runs `check` now and again each time something under `paths` changes (changes within 150 ms are one),
 * until Ctrl-C or SIGTERM; returns the last check's exit code.
 */
export async function watchPaths(paths: string[], check: () => Promise<number>): Promise<number> {
  let code = await check();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(async () => {
        process.stderr.write(`\n${new Date().toLocaleTimeString()} changed; checking again\n`);
        code = await check();
      });
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = paths.map((p) => watch(p, { recursive: true }, again));
  process.stderr.write(`watching ${paths.join(', ')} (Ctrl-C ends)\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve).once('SIGTERM', resolve);
  });
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
  return code;
}
