import { createRoute, z } from '@hono/zod-openapi';
import { DocLookupError, findDocPart } from '../../documents/index.js';

import { DIALECT_NAMES, type Skill } from '../../ir/skill.js';
import { SkeinError } from '../../errors/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonResponse, SkillSchema, SkillSummarySchema } from '../schemas.js';
import type { SkillCatalog } from '../skill-catalog.js';
import { skillDetail, skillSummary } from '../views.js';

const SkillIdParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'order_confirmation' }),
});

const listSkills = createRoute({
  method: 'get',
  path: '/skills',
  operationId: 'listSkills',
  summary: 'The skills of the skills path (highest version of each id)',
  request: {
    query: z.object({
      q: z.string().optional().openapi({ description: 'words found in the id, description or tags' }),
      dialect: z.enum(DIALECT_NAMES).optional(),
      tag: z.string().optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ skills: z.array(SkillSummarySchema) }), 'the skills'),
    400: documentedError('a bad query'),
  },
});

const getSkill = createRoute({
  method: 'get',
  path: '/skills/{id}',
  operationId: 'getSkill',
  summary: 'One skill: its input and output schemas, its graph or its document outline',
  request: {
    params: SkillIdParam,
    query: z.object({ version: z.string().optional().openapi({ description: 'default: the highest' }) }),
  },
  responses: {
    200: jsonResponse(SkillSchema, 'the skill'),
    404: documentedError('no such skill or version'),
  },
});

const getChunk = createRoute({
  method: 'get',
  path: '/skills/{id}/chunks/{chunkId}',
  operationId: 'getSkillChunk',
  summary: "One part of a document skill (a reference file's id holds slashes: encode them as %2F)",
  request: {
    params: SkillIdParam.extend({ chunkId: z.string().openapi({ param: { name: 'chunkId', in: 'path' } }) }),
    query: z.object({ version: z.string().optional() }),
  },
  responses: {
    200: jsonResponse(z.object({ id: z.string(), content: z.string() }).openapi('Chunk'), 'the part'),
    404: documentedError('no such skill or part; the message lists the ids of the parts'),
  },
});

/** `GET /v1/skills`, `GET /v1/skills/{id}`, `GET /v1/skills/{id}/chunks/{chunkId}`. */
export function skillRoutes(catalog: SkillCatalog) {
  return newOpenApiApp()
    .openapi(listSkills, async (c) => {
      const { q, dialect, tag } = c.req.valid('query');
      const words = q?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
      const byId = new Map<string, Skill[]>();
      const all = await catalog.all();
      for (const s of all) byId.set(s.id, [...(byId.get(s.id) ?? []), s]);
      const skills = [...byId.values()]
        .filter(([top]) => (!dialect || top.dialect === dialect) && (!tag || top.tags.includes(tag)))
        .filter(([top]) => {
          const text = `${top.id} ${top.description} ${top.tags.join(' ')}`.toLowerCase();
          return words.every((w) => text.includes(w));
        })
        .map((versions) => skillSummary(versions[0], versions, all));
      return c.json({ skills }, 200);
    })
    .openapi(getSkill, async (c) => {
      const { id } = c.req.valid('param');
      const skill = await catalog.find(id, c.req.valid('query').version);
      return c.json(skillDetail(skill, await catalog.versions(id), await catalog.all()), 200);
    })
    .openapi(getChunk, async (c) => {
      const { id, chunkId } = c.req.valid('param');
      const skill = await catalog.find(id, c.req.valid('query').version);
      if (!skill.doc)
        throw new SkeinError(
          'chunk_not_found',
          `"${id}" is an executable skill, not a document: it has no chunks`,
        );
      try {
        const part = findDocPart({ ...skill, doc: skill.doc }, chunkId);
        return c.json({ id: part.id, content: await part.load() }, 200);
      } catch (e) {
        if (e instanceof DocLookupError) throw new SkeinError('chunk_not_found', e.message);
        throw e;
      }
    });
}
