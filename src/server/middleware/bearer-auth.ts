import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { SkeinError } from '../../errors/index.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The check of an `Authorization` header against `tokens`: undefined when it is `Bearer <one of
 * tokens>`, else the `unauthorized` error. Tokens are compared as SHA-256 digests in constant time,
 * and every token is compared, so the time taken says nothing about how much of a token was right
 * or which one it was.
 */
export function tokenCheck(
  tokens: readonly string[],
): (authorization: string | undefined) => SkeinError | undefined {
  const known = tokens.map(digest);
  return (authorization) => {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '');
    const given = digest(match?.[1] ?? '');
    let ok = false;
    for (const token of known) ok = timingSafeEqual(token, given) || ok;
    if (match && ok) return undefined;
    return new SkeinError(
      'unauthorized',
      match ? 'the bearer token is not valid' : 'this server needs an Authorization: Bearer <token> header',
    );
  };
}

/** Lets a request through only with `Authorization: Bearer <one of tokens>` (see `tokenCheck`). */
export function bearerAuth(tokens: readonly string[]): MiddlewareHandler {
  const check = tokenCheck(tokens);
  return async (c, next) => {
    const refused = check(c.req.header('authorization'));
    if (refused) throw refused;
    await next();
  };
}
