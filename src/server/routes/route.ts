import { createRoute, z } from '@hono/zod-openapi';
import type { Skein } from '../../host/index.js';
import { createLlmService } from '../../host/index.js';
import { buildRouteIndex, type RouteIndex } from '../../routing/index.js';
import { DIALECT_NAMES } from '../../ir/skill.js';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonBody, jsonResponse, requestBody } from '../schemas.js';
import type { SkillCatalog } from '../skill-catalog.js';

const RouteRequestSchema = requestBody({
  request: z.string().trim().min(1).openapi({ example: 'Confirm my order of a lamp' }),
  limit: z.number().int().positive().optional().openapi({ description: 'candidates listed, default 5' }),
  state: z.record(z.string(), z.unknown()).optional().openapi({
    description: "a session state: the engine skills' rules rule out skills that cannot run on it",
  }),
  context: z.string().optional().openapi({ description: "the session's context, for triggers.contexts" }),
}).openapi('RouteRequest');

const Choice = {
  id: z.string(),
  version: z.string(),
  dialect: z.enum(DIALECT_NAMES),
  score: z.number(),
};

const RouteResultSchema = z
  .object({
    request: z.string(),
    choice: z.object(Choice).nullable().openapi({ description: 'null when no skill fits' }),
    candidates: z.array(z.object({ ...Choice, why: z.string() })),
    why: z.string(),
  })
  .openapi('RouteResult');

const route = createRoute({
  method: 'post',
  path: '/route',
  operationId: 'routeRequest',
  summary: 'Which skill fits a request, or none, and why: as `skein route --json`',
  request: { body: { ...jsonBody(RouteRequestSchema), required: true } },
  responses: {
    200: jsonResponse(RouteResultSchema, 'the choice, the candidates and why'),
    400: documentedError('bad JSON or a bad body'),
  },
});

/** `POST /v1/route`: the router over the server's skills; with a configured model, the model chooses among the candidates. */
export function routeRoutes(catalog: SkillCatalog, skein: Skein) {
  let index: Promise<RouteIndex> | undefined;
  const llm = skein.config.model ? createLlmService(skein.config) : undefined;
  return newOpenApiApp().openapi(route, async (c) => {
    const { request, limit, state, context } = c.req.valid('json');
    index ??= catalog
      .all()
      .then((all) => buildRouteIndex(all.filter((s, i) => all.findIndex((o) => o.id === s.id) === i)));
    return c.json(await (await index).route(request, { limit, state, context, llm }), 200);
  });
}
