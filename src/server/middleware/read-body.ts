import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { SkeinError } from '../../errors/index.js';

/**
 * Reads a request's body from Node's request stream, refusing more than `limit` bytes (413), and
 * hands the text to Hono's body cache, where `c.req.json()` (the route validators) finds it. Reading
 * through the web `Request` instead makes a Request, two streams and an AbortSignal per call, which
 * halved the requests per second of a small run (see bench/server-throughput.ts). Without Node's
 * request (another runtime) Hono's own body limit does the same job.
 */
export function readBody(limit: number): MiddlewareHandler<{ Bindings: Partial<HttpBindings> }> {
  const tooLargeError = () =>
    new SkeinError('body_too_large', `the request body is larger than ${limit} bytes`);
  const tooLarge = () => {
    throw tooLargeError();
  };
  const fallback = bodyLimit({ maxSize: limit, onError: tooLarge });
  return async (c, next) => {
    const incoming = c.env?.incoming;
    if (!incoming) return fallback(c, next);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (Number(c.req.header('content-length')) > limit) tooLarge();
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onData = (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
        // Stop at the limit, without waiting for the rest (a chunked body may never end).
        if (size > limit) {
          incoming.off('data', onData);
          reject(tooLargeError());
        }
      };
      incoming.on('data', onData);
      incoming.once('error', reject);
      incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    // Hono keeps promises in its body cache (its type says values): `c.req.json()` awaits this one.
    (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve(text);
    return next();
  };
}
