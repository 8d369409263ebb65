import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { SkeinError } from '../../errors/index.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Lets a request through only with `Authorization: Bearer <one of tokens>`. Tokens are compared as
 * SHA-256 digests in constant time, and every token is compared, so the time taken says nothing about
 * how much of a token was right or which one it was.
 */
export function bearerAuth(tokens: readonly string[]): MiddlewareHandler {
  const known = tokens.map(digest);
  return async (c, next) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(c.req.header('authorization') ?? '');
    const given = digest(match?.[1] ?? '');
    let ok = false;
    for (const token of known) ok = timingSafeEqual(token, given) || ok;
    if (!match || !ok)
      throw new SkeinError(
        'unauthorized',
        match ? 'the bearer token is not valid' : 'this server needs an Authorization: Bearer <token> header',
      );
    await next();
  };
}
