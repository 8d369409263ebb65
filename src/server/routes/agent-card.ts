import { createRoute, z } from '@hono/zod-openapi';
import { agentCard } from '../agent-card.js';
import { newOpenApiApp } from '../openapi-app.js';
import { jsonResponse } from '../schemas.js';
import type { SkillCatalog } from '../skill-catalog.js';

const AgentSkillSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    examples: z.array(z.string()),
    inputModes: z.array(z.string()),
    outputModes: z.array(z.string()),
  })
  .openapi('AgentSkill');

const AgentCardSchema = z
  .object({
    protocolVersion: z.string(),
    name: z.string(),
    description: z.string(),
    url: z.string(),
    documentationUrl: z.string(),
    version: z.string(),
    provider: z.object({ organization: z.string(), url: z.string() }),
    capabilities: z.object({
      streaming: z.boolean(),
      pushNotifications: z.boolean(),
      stateTransitionHistory: z.boolean(),
    }),
    defaultInputModes: z.array(z.string()),
    defaultOutputModes: z.array(z.string()),
    securitySchemes: z.record(z.string(), z.object({ type: z.string(), scheme: z.string() })).optional(),
    security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
    skills: z.array(AgentSkillSchema),
  })
  .openapi('AgentCard');

const getAgentCard = createRoute({
  method: 'get',
  path: '/.well-known/agent-card.json',
  operationId: 'getAgentCard',
  summary: 'The A2A agent card: every skill (highest version of each id) as an AgentSkill',
  responses: { 200: jsonResponse(AgentCardSchema, 'the agent card') },
});

/** `GET /.well-known/agent-card.json`. */
export function agentCardRoutes(catalog: SkillCatalog, withTokens: boolean) {
  return newOpenApiApp().openapi(getAgentCard, async (c) =>
    c.json(agentCard(await catalog.all(), new URL(c.req.url).origin, withTokens), 200),
  );
}
