import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServerEnv } from '../openapi-app.js';

const GOOD_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives each request an id (the caller's `X-Request-Id` when it is sane, else a new one), answers with
 * it, and writes one JSON line per request to `write` when there is one.
 */
export function accessLog(write: ((line: string) => void) | undefined): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const start = write && performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && GOOD_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    // Set before the response exists, so it is made with it (setting it afterwards copies the headers).
    c.header('X-Request-Id', requestId);
    await next();
    if (!write) return;
    write(
      JSON.stringify({
        time: new Date().toISOString(),
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - (start as number)) * 10) / 10,
      }) + '\n',
    );
  };
}
