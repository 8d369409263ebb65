import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { openSkein, type Skein } from '../../src/host/index.js';
import { ROOT } from './cli.js';
import { createDatabase } from './postgres.js';

export const WORKERS_FIXTURE = join(ROOT, 'test/fixtures/workers');

/** A database of its own, the environment of processes that share it, and the marks file its tools write. */
export interface SharedStore {
  url: string;
  env: Record<string, string>;
  marksFile: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database for the workers fixture, and the environment that points Skein at it. */
export async function sharedStore(name: string, extra: Record<string, string> = {}): Promise<SharedStore> {
  const db = await createDatabase(name);
  const home = mkdtempSync(join(tmpdir(), 'skein-workers-'));
  const marksFile = join(home, 'marks.txt');
  const env = {
    SKEIN_STORE: db.url,
    SKEIN_HOME: home,
    SKEIN_CONFIG: join(WORKERS_FIXTURE, 'skein.yaml'),
    MARKS_FILE: marksFile,
    ...extra,
  };
  return { url: db.url, env, marksFile, drop: db.drop };
}

/** A Skein in this process over the shared store that queues its runs for the workers. */
export function dispatchingSkein(store: SharedStore): Skein {
  const config = loadConfig(WORKERS_FIXTURE, { ...process.env, ...store.env });
  return openSkein({ config, dispatch: true });
}

/** The marks file's lines as `[runId, label, pid]`. */
export function marks(store: SharedStore): [string, string, string][] {
  if (!existsSync(store.marksFile)) return [];
  return readFileSync(store.marksFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ') as [string, string, string]);
}

/** A `skein worker` process started by a test. */
export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  stderr(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `skein worker --json` (the built bin) and waits until it takes runs. */
export function startWorker(env: Record<string, string>, args: string[] = []): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/skein.js'), 'worker', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (!stdout.includes('\n')) return;
      resolve({
        child,
        pid: child.pid!,
        stderr: () => stderr,
        exited,
        stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
      });
    });
    void exited.then((code) => reject(new Error(`skein worker exited (${code}) before working: ${stderr}`)));
  });
}

/** Waits until `check` holds, looking every 50 ms, for at most `ms`. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
