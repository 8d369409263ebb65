import { relative } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import type { Diagnostic } from '../../ir/diagnostic.js';
import { redactPaths } from '../../text/redact-paths.js';
import { newOpenApiApp } from '../openapi-app.js';
import { DiagnosticSchema, jsonResponse } from '../schemas.js';
import type { SkillCatalog } from '../skill-catalog.js';

const BrokenFileSchema = z
  .object({
    path: z.string().openapi({ description: 'relative to the configuration folder' }),
    diagnostics: z.array(DiagnosticSchema),
  })
  .openapi('BrokenFile');

const listDiagnostics = createRoute({
  method: 'get',
  path: '/diagnostics',
  operationId: 'listDiagnostics',
  summary: 'The files of the skills path kept out of the catalog by errors, with their diagnostics',
  responses: {
    200: jsonResponse(z.object({ files: z.array(BrokenFileSchema) }), 'the broken files, by path'),
  },
});

/** `GET /v1/diagnostics`: what keeps files of the skills path out of `GET /v1/skills`. */
export function diagnosticRoutes(catalog: SkillCatalog, root: string) {
  return newOpenApiApp().openapi(listDiagnostics, async (c) => {
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of await catalog.diagnostics()) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
    const files = [...byFile]
      .map(([file, list]) => ({
        path: relative(root, file) || file,
        diagnostics: list.map((d) => ({
          severity: d.severity,
          code: d.code,
          message: redactPaths(d.message.split('\n')[0], root),
          line: d.line,
          column: d.column,
        })),
      }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return c.json({ files }, 200);
  });
}
