import { redactPaths } from '../text/redact-paths.js';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SkillLookupError } from '../skills/index.js';
import { RunRefused } from '../runtime/index.js';
import type { FieldError } from '../schema/validate.js';

/** An answer of the API that is an error: `{"error": {"code", "message", "fields"?}}` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: readonly FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The status of each refusal code of the runtime; anything else refused is a 409 (a run in the wrong state). */
const REFUSAL_STATUS: Record<string, ContentfulStatusCode> = {
  input_invalid: 400,
  input_required: 400,
  not_executable: 400,
  run_ambiguous: 400,
  run_not_found: 404,
  skill_not_found: 404,
  not_awaiting: 409,
  run_ended: 409,
};

/** The API error for anything a handler threw; unknown errors become a 500 that says nothing internal. */
export function toApiError(e: unknown, requestId: string): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof RunRefused)
    return new ApiError(REFUSAL_STATUS[e.code] ?? 409, e.code, e.message, e.fields);
  if (e instanceof SkillLookupError) return new ApiError(404, 'skill_not_found', e.message);
  if (e instanceof HTTPException) {
    const status = e.status as ContentfulStatusCode;
    if (status === 413) return new ApiError(413, 'body_too_large', 'the request body is too large');
    if (status === 400 && /JSON/i.test(e.message))
      return new ApiError(400, 'bad_json', 'the request body is not valid JSON');
    if (status === 415)
      return new ApiError(
        415,
        'unsupported_media_type',
        'send the body as JSON, with Content-Type: application/json',
      );
    return new ApiError(status, 'bad_request', e.message);
  }
  return new ApiError(
    500,
    'internal',
    `internal error; the server log has the details (request ${requestId})`,
  );
}

/** Sends an API error, with any local file path in its message made relative to `root`. */
export function errorResponse(c: Context, error: ApiError, root: string) {
  const body: { code: string; message: string; fields?: readonly FieldError[] } = {
    code: error.code,
    message: redactPaths(error.message, root),
  };
  if (error.fields) body.fields = error.fields;
  return c.json({ error: body }, error.status);
}
