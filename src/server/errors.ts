import { redactPaths } from '../text/redact-paths.js';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorRow, isErrorCode, SkeinError } from '../errors/index.js';

/**
 * The SkeinError a handler's throw answers with. A SkeinError goes as it is (its status comes from
 * the catalog, src/errors/catalog.ts); Hono's own refusals get their catalog codes; anything else is
 * an `internal` error that says nothing internal.
 */
export function toSkeinError(e: unknown, requestId: string): SkeinError {
  if (e instanceof SkeinError && isErrorCode(e.code)) return e;
  if (e instanceof HTTPException) {
    if (e.status === 413) return new SkeinError('body_too_large', 'the request body is too large');
    if (e.status === 400 && /JSON/i.test(e.message))
      return new SkeinError('bad_json', 'the request body is not valid JSON');
    if (e.status === 415)
      return new SkeinError(
        'unsupported_media_type',
        'send the body as JSON, with Content-Type: application/json',
      );
    if (e.status === 401) return new SkeinError('unauthorized', e.message);
    if (e.status === 404) return new SkeinError('not_found', e.message);
    if (e.status < 500) return new SkeinError('bad_request', e.message);
  }
  return new SkeinError('internal', `internal error; the server log has the details (request ${requestId})`);
}

/** The HTTP status the catalog gives an error's code. */
export function httpStatus(error: SkeinError): ContentfulStatusCode {
  return errorRow(error.code).http;
}

/**
 * The body of an error answer, `{"error": {"code", "message", "fields"?}}`; with a `root`, local
 * file paths in the message are made relative to it (without, the message is the client's own words).
 */
export function errorBody(error: SkeinError, root?: string) {
  const body: { code: string; message: string; fields?: SkeinError['fields'] } = {
    code: error.code,
    message: root === undefined ? error.message : redactPaths(error.message, root),
  };
  if (error.fields) body.fields = error.fields;
  return { error: body };
}

/** Sends an error (see `errorBody`) with the status the catalog gives its code. */
export function sendError(c: Context, error: SkeinError, root?: string) {
  return c.json(errorBody(error, root), httpStatus(error));
}
