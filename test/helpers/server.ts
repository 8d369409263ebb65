import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before } from 'node:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const SERVER_FIXTURE = join(ROOT, 'test/fixtures/server');

/** A `skein serve` process started by a test. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
  /** Sends `signal` (default SIGTERM) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A fresh Skein home (and gate folder) for the fixture skills of test/fixtures/server. */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  const home = mkdtempSync(join(tmpdir(), 'skein-serve-'));
  return { SKEIN_HOME: home, GATE_DIR: home, SKEIN_CONFIG: join(SERVER_FIXTURE, 'skein.yaml'), ...extra };
}

/** Starts `skein serve --port 0` (the built bin) and waits for the URL it prints. */
export function startServer(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/skein.js'), 'serve', '--port', '0', ...args], {
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
      const url = /skein serving (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url)
        resolve({
          url,
          child,
          stderr: () => stderr,
          exited,
          stop: (signal = 'SIGTERM') => (child.kill(signal), exited),
        });
    });
    void exited.then((code) => reject(new Error(`skein serve exited (${code}) before listening: ${stderr}`)));
  });
}

/** A parsed JSON answer; the assertions read it field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes, checked by the tests' assertions
export type Json = any;

/** A JSON request to the API: its status, headers and parsed body. */
export async function api(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(url, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text itself
  }
  return { status: res.status, headers: res.headers, body };
}

/** One Server-Sent Event (or a comment line, as `comment`). */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: Json;
  comment?: string;
}

/** Reads a response's Server-Sent Events as they come, until the stream ends. */
export async function* sseEvents(res: Response): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = {};
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const [field, value] =
          colon === -1 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === '') event.comment = value;
        else if (field === 'data') event.data = JSON.parse(value);
        else if (field === 'id' || field === 'event') event[field] = value;
      }
      yield event;
    }
  }
}

/** All the Server-Sent Events of a stream that ends by itself. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of sseEvents(res)) out.push(e);
  return out;
}

/** The `skein serve` of a test file: started before its tests (fixture skills), stopped after them with exit 0. */
export function serveDuringFile(): { server: ServerProcess; env: Record<string, string>; v1: string } {
  const served = {} as { server: ServerProcess; env: Record<string, string>; v1: string };
  before(async () => {
    served.env = serverEnv();
    served.server = await startServer(served.env);
    served.v1 = `${served.server.url}/v1`;
  });
  after(async () => {
    assert.equal(await served.server.stop(), 0, served.server.stderr());
  });
  return served;
}
