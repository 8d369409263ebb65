import { createRoute } from '@hono/zod-openapi';
import { newOpenApiApp } from '../openapi-app.js';
import {
  documentedError,
  FileReportSchema,
  jsonBody,
  jsonResponse,
  ValidateRequestSchema,
} from '../schemas.js';
import { MemoryFiles } from '../../ir/file-source.js';
import { validateText } from '../../skills/index.js';
import type { SkillCatalog } from '../skill-catalog.js';

const validate = createRoute({
  method: 'post',
  path: '/validate',
  operationId: 'validateSkill',
  summary: 'Check the text of one skill file: one entry of `skein validate --json`',
  request: { body: { ...jsonBody(ValidateRequestSchema), required: true } },
  responses: {
    200: jsonResponse(FileReportSchema, 'the file, its skills and its diagnostics'),
    400: documentedError('bad JSON or a bad body'),
    413: documentedError('the body is too large'),
  },
});

/**
 * `POST /v1/validate`: the posted text is checked in memory (docs/http-api.md): `path` is a name,
 * and the skill's other files are the posted `files`, never the server's disk.
 */
export function validateRoutes(catalog: SkillCatalog) {
  return newOpenApiApp().openapi(validate, async (c) => {
    const { text, path, dialect, files } = c.req.valid('json');
    const name = path ?? 'skill.md';
    const posted = new MemoryFiles({ ...files, [name]: text });
    const report = validateText(name, text, { dialect, files: posted }, await catalog.all());
    // A front end that crashed leaves its stack in the message: the client gets the first line.
    for (const d of report.diagnostics)
      if (d.code === 'skein/internal-error') d.message = d.message.split('\n')[0];
    return c.json(report, 200);
  });
}
