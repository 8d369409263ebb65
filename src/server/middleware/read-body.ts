import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SkeinError } from '../../errors/index.js';

/** Where a body read before Hono saw the request (the fast path, fast-path.ts) waits for it. */
const READ_BODY = Symbol('skein.readBody');
type ReadIncoming = IncomingMessage & { [READ_BODY]?: string };

/** Hands a body already read from `incoming` to the `readBody` middleware of the request. */
export function handOverBody(incoming: IncomingMessage, text: string): void {
  (incoming as ReadIncoming)[READ_BODY] = text;
}

const tooLargeError = (limit: number) =>
  new SkeinError('body_too_large', `the request body is larger than ${limit} bytes`);

/**
 * Reads a request's body from Node's request stream as text, refusing more than `limit` bytes
 * (`body_too_large`) without waiting for the rest (a chunked body may never end).
 */
export function readIncoming(incoming: IncomingMessage, limit: number): Promise<string> {
  if (Number(incoming.headers['content-length']) > limit) return Promise.reject(tooLargeError(limit));
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) {
        incoming.off('data', onData);
        reject(tooLargeError(limit));
      }
    };
    incoming.on('data', onData);
    incoming.once('error', reject);
    incoming.once('end', () =>
      resolve(chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8')),
    );
  });
}

/**
 * Reads a request's body from Node's request stream (see `readIncoming`), or takes the one handed
 * over, and gives the text to Hono's body cache, where `c.req.json()` (the route validators) finds it.
 * Reading through the web `Request` instead makes a Request, two streams and an AbortSignal per call,
 * which halved the requests per second of a small run (see bench/server-throughput.ts). Without Node's
 * request (another runtime) Hono's own body limit does the same job.
 */
export function readBody(limit: number): MiddlewareHandler<{ Bindings: Partial<HttpBindings> }> {
  const fallback = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw tooLargeError(limit);
    },
  });
  return async (c, next) => {
    const incoming = c.env?.incoming as ReadIncoming | undefined;
    if (!incoming) return fallback(c, next);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const text = incoming[READ_BODY] ?? (await readIncoming(incoming, limit));
    // Hono keeps promises in its body cache (its type says values): `c.req.json()` awaits this one.
    (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve(text);
    return next();
  };
}
