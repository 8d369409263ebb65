import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { ApiError } from './errors.js';

/** What every handler of the server can read from its context. */
export interface ServerEnv {
  Variables: { requestId: string };
}

/** A router whose requests are checked by the route definitions; a bad request is a 400 naming every bad field. */
export function newOpenApiApp(): OpenAPIHono<ServerEnv> {
  return new OpenAPIHono<ServerEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const fields = result.error.issues.map((issue) => ({
        field: fieldName(result.target, issue),
        message: issue.message,
      }));
      throw new ApiError(
        400,
        'invalid_request',
        `the request's ${result.target === 'json' ? 'body' : result.target} is invalid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
        fields,
      );
    },
  });
}

function fieldName(target: string, issue: z.core.$ZodIssue): string {
  const path = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p)));
  return path.join('') || (target === 'json' ? '(body)' : `(${target})`);
}
