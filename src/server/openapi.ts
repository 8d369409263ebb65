import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ServerEnv } from './openapi-app.js';
import { MCP_NAME, toolName } from '../ir/skill-tool.js';
import { SKEIN_VERSION } from '../version.js';
import type { SkillCatalog } from './skill-catalog.js';

/** An OpenAPI document as JSON. */
export type OpenApiDocument = ReturnType<OpenAPIHono<ServerEnv>['getOpenAPI31Document']>;

type Operation = NonNullable<NonNullable<OpenApiDocument['paths']>[string]['get']>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A component name made of the characters OpenAPI allows in one. */
function componentName(id: string, part: 'input' | 'output'): string {
  return `${toolName(id, MCP_NAME)}.${part}`;
}

/**
 * The API's own OpenAPI 3.1 document, generated from the route definitions of `app` (the web's types
 * are generated from it: scripts/generate-web-types.ts). With tokens, the bearer scheme applies to
 * every operation that does not declare `security: []` (health), and each of those answers 401 too;
 * without tokens there is no scheme and no operation asks for one.
 */
export function apiDocument(app: OpenAPIHono<ServerEnv>, withTokens: boolean): OpenApiDocument {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Skein',
      version: SKEIN_VERSION,
      description:
        'Run AI skills of five dialects: start runs, follow their events, answer their questions. Errors are `{"error": {"code", "message", "fields"?}}`.',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
    },
    servers: [{ url: '/', description: 'the server that serves this document' }],
    security: withTokens ? [{ bearer: [] }] : [],
  });
  if (!withTokens) return doc;
  for (const operation of operations(doc))
    if (!operation.security)
      operation.responses = { ...operation.responses, 401: { $ref: '#/components/responses/Unauthorized' } };
  return {
    ...doc,
    components: {
      ...doc.components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'a token of `SKEIN_API_TOKENS`' },
      },
      responses: {
        ...doc.components?.responses,
        Unauthorized: {
          description: "`unauthorized`: no bearer token, or not one of the server's",
          headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

/**
 * The document `/openapi.json` serves: the API's, with each skill's input and output schemas
 * (executable skills, highest version) as components `<id>.input` and `<id>.output`.
 */
export async function openApiDocument(
  app: OpenAPIHono<ServerEnv>,
  catalog: SkillCatalog,
  withTokens: boolean,
): Promise<OpenApiDocument> {
  const doc = apiDocument(app, withTokens);
  const schemas: Record<string, unknown> = { ...doc.components?.schemas };
  const seen = new Set<string>();
  for (const skill of await catalog.all()) {
    if (seen.has(skill.id) || !skill.graph) continue;
    seen.add(skill.id);
    schemas[componentName(skill.id, 'input')] = skill.input;
    schemas[componentName(skill.id, 'output')] = skill.output;
  }
  return { ...doc, components: { ...doc.components, schemas } } as OpenApiDocument;
}

function operations(doc: OpenApiDocument): Operation[] {
  return Object.values(doc.paths ?? {}).flatMap((item) =>
    METHODS.flatMap((m) => (item[m] ? [item[m] as Operation] : [])),
  );
}
