import { OpenAPIHono } from '@hono/zod-openapi';
import { SkeinError } from '../errors/index.js';

/** What every handler of the server can read from its context. */
export interface ServerEnv {
  Variables: { requestId: string };
}

/**
 * A router whose requests are checked by the route definitions: a field a body does not take is
 * `unknown_field`; any other bad field is `invalid_request`; both 400s name every field at fault.
 */
export function newOpenApiApp(): OpenAPIHono<ServerEnv> {
  return new OpenAPIHono<ServerEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const fields = result.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({
              field: fieldName(result.target, [...issue.path, key]),
              message: issue.message,
            }))
          : [{ field: fieldName(result.target, issue.path), message: issue.message }],
      );
      const unknown = result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
      const where = result.target === 'json' ? 'body' : result.target;
      if (unknown.length)
        throw new SkeinError(
          'unknown_field',
          `the request's ${where} has ${unknown.map((i) => i.message).join('; ')}`,
          {
            fields,
          },
        );
      throw new SkeinError(
        'invalid_request',
        `the request's ${where} is invalid: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
        { fields },
      );
    },
  });
}

function fieldName(target: string, path: readonly PropertyKey[]): string {
  const parts = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p)));
  return parts.join('') || (target === 'json' ? '(body)' : `(${target})`);
}
