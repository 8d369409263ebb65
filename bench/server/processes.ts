import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
/** The skills the server benchmarks run: the server tests' fixtures (greet: one template step; confirm; gated). */
export const FIXTURE = join(ROOT, 'test/fixtures/server');

/** A server process of a benchmark, each peer in its own process. */
export interface ServerChild {
  url: string;
  child: ChildProcess;
  /** What it wrote to stderr so far (the access log, when it keeps one). */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts a process that prints `... serving <url>` and waits for the URL. */
export function startProcess(args: string[], env: Record<string, string> = {}): Promise<ServerChild> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env } });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const url = /serving (http:\/\/\S+)/.exec(out)?.[1];
      if (url)
        resolve({
          url,
          child,
          stderr: () => err,
          stop: () => new Promise((done) => (child.once('exit', () => done()), child.kill('SIGTERM'))),
        });
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}): ${err}`)));
  });
}

/** `skein serve` (`--quiet` unless `log`) on a fresh home with the fixture skills; `store` is `sqlite` or `memory`. */
export function startSkein(
  store: string,
  options: { log?: boolean; home?: string } = {},
): Promise<ServerChild> {
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'skein-bench-'));
  const args = [join(ROOT, 'bin/skein.js'), 'serve', '--port', '0', ...(options.log ? [] : ['--quiet'])];
  return startProcess(args, {
    SKEIN_HOME: home,
    GATE_DIR: home,
    SKEIN_CONFIG: join(FIXTURE, 'skein.yaml'),
    SKEIN_STORE: store,
  });
}

/** Whether `wrk` is installed (apt-get install wrk). */
export function haveWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}
