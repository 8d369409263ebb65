import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServerEnv } from '../openapi-app.js';

const GOOD_ID = /^[\w.:-]{1,128}$/;

/** A request's id: the caller's `X-Request-Id` when it is sane, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && GOOD_ID.test(given) ? given : randomUUID();
}

/** What the access log says of one request. */
export interface AccessEntry {
  requestId: string;
  method: string;
  path: string;
  status: number;
  /** When it began, by `performance.now()`. */
  start: number;
}

/** One line of the access log (JSON and a newline). */
export function accessLine(entry: AccessEntry): string {
  return (
    JSON.stringify({
      time: new Date().toISOString(),
      requestId: entry.requestId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      ms: Math.round((performance.now() - entry.start) * 10) / 10,
    }) + '\n'
  );
}

/**
 * Gives each request an id (see `requestIdOf`), answers with it, and writes one line per request
 * (see `accessLine`) to `write` when there is one.
 */
export function accessLog(write: ((line: string) => void) | undefined): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const start = write ? performance.now() : 0;
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    // Set before the response exists, so it is made with it (setting it afterwards copies the headers).
    c.header('X-Request-Id', requestId);
    await next();
    if (write)
      write(accessLine({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, start }));
  };
}
