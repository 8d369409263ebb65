import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ServerEnv } from './openapi-app.js';
import { SKEIN_VERSION } from '../version.js';
import type { SkillCatalog } from './skill-catalog.js';

/** A component name made of the characters OpenAPI allows in one. */
export function componentName(id: string, part: 'input' | 'output'): string {
  return `${id.replace(/[^A-Za-z0-9_.-]/g, '_')}.${part}`;
}

/**
 * The OpenAPI 3.1 document of `app`, generated from its route definitions, with each skill's input
 * and output schemas (executable skills, highest version) as components `<id>.input` and `<id>.output`.
 */
export async function openApiDocument(
  app: OpenAPIHono<ServerEnv>,
  catalog: SkillCatalog,
  withTokens: boolean,
): Promise<Record<string, unknown>> {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Skein',
      version: SKEIN_VERSION,
      description:
        'Run AI skills of five dialects: start runs, follow their events, answer their questions. Errors are `{"error": {"code", "message", "fields"?}}`.',
    },
    ...(withTokens ? { security: [{ bearer: [] }] } : {}),
  });
  const schemas: Record<string, unknown> = { ...doc.components?.schemas };
  const seen = new Set<string>();
  for (const skill of await catalog.all()) {
    if (seen.has(skill.id) || !skill.graph) continue;
    seen.add(skill.id);
    schemas[componentName(skill.id, 'input')] = skill.input;
    schemas[componentName(skill.id, 'output')] = skill.output;
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}
