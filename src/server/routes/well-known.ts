import { createRoute, z } from '@hono/zod-openapi';
import { agentSkillName, exportAgentSkill } from '../../convert/index.js';
import {
  discoveryIndex,
  originalFiles,
  packFiles,
  publishSkills,
  type Publication,
} from '../../distribution/index.js';
import { SkeinError } from '../../errors/index.js';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError, jsonResponse } from '../schemas.js';
import type { SkillCatalog } from '../skill-catalog.js';

const FileEntrySchema = z.object({ path: z.string(), digest: z.string() });
const IndexSchema = z
  .object({
    version: z.string().openapi({ example: '0.2.0' }),
    skills: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        digest: z.string().openapi({ description: 'the skill-level digest of its files' }),
        files: z.array(FileEntrySchema),
        package: z.object({ url: z.string(), digest: z.string() }),
      }),
    ),
  })
  .openapi('AgentSkillsIndex');

const getIndex = createRoute({
  method: 'get',
  path: '/.well-known/agent-skills/index.json',
  operationId: 'getAgentSkillsIndex',
  summary: 'The Agent Skills discovery index (v0.2.0): the skills path, step-dialect skills exported',
  responses: { 200: jsonResponse(IndexSchema, 'the index') },
});

const BYTES = { schema: { type: 'string' as const, format: 'binary' } };

/**
 * `/.well-known/agent-skills/`: the discovery index, each skill's archive (`<name>.tar.gz`) and its
 * files (`<name>/<path>`), as the Agent Skills discovery document defines them: the skills path's
 * SKILL.md folders as they are, and each other executable skill exported as an Agent Skills folder.
 * The skills path is read once, at the first request; every byte served is one the digests were made from.
 */
export function wellKnownSkillRoutes(skillsPath: readonly string[], catalog: SkillCatalog) {
  let publication: Promise<Publication> | undefined;
  const published = () => (publication ??= publishAll(skillsPath, catalog));
  const skill = async (name: string) => {
    const found = (await published()).skills.find((s) => s.name === name);
    if (!found) throw new SkeinError('not_found', `no published skill "${name}"`);
    return found;
  };
  const router = newOpenApiApp();
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/.well-known/agent-skills/{archive}',
    operationId: 'getAgentSkillArchive',
    summary: "A skill's files as a tar.gz archive (`<name>.tar.gz`, the index's `package`)",
    request: { params: z.object({ archive: z.string().openapi({ example: 'pdf.tar.gz' }) }) },
    responses: {
      200: { description: 'the archive', content: { 'application/gzip': BYTES } },
      404: documentedError('no such skill'),
    },
  });
  router.openAPIRegistry.registerPath({
    method: 'get',
    path: '/.well-known/agent-skills/{name}/{path}',
    operationId: 'getAgentSkillFile',
    summary: "One file of a published skill (`path` may hold slashes: the index's `files`)",
    request: { params: z.object({ name: z.string(), path: z.string() }) },
    responses: {
      200: { description: 'the file', content: { 'application/octet-stream': BYTES } },
      404: documentedError('no such skill or file'),
    },
  });
  return router
    .openapi(getIndex, async (c) => c.json(discoveryIndex(await published()), 200))
    .get('/.well-known/agent-skills/:archive{[a-z0-9-]+\\.tar\\.gz}', async (c) => {
      const s = await skill(c.req.param('archive').replace(/\.tar\.gz$/, ''));
      return c.body(new Uint8Array(s.archive), 200, { 'Content-Type': 'application/gzip' });
    })
    .get('/.well-known/agent-skills/:name/:path{.+}', async (c) => {
      const s = await skill(c.req.param('name'));
      const path = c.req.param('path');
      const file = s.files.find((f) => f.path === path);
      if (!file) throw new SkeinError('not_found', `the skill "${s.name}" has no file ${path}`);
      const type = path.endsWith('.md') ? 'text/markdown; charset=utf-8' : 'application/octet-stream';
      return c.body(new Uint8Array(file.bytes), 200, { 'Content-Type': type });
    });
}

/**
 * The SKILL.md folders of the skills path, then each executable skill (highest version, not internal)
 * whose name is not taken, exported as `skein export --to agent-skills` writes it.
 */
async function publishAll(skillsPath: readonly string[], catalog: SkillCatalog): Promise<Publication> {
  const publication = await publishSkills(skillsPath);
  const taken = new Set(publication.skills.map((s) => s.name));
  const exported = [];
  for (const skill of await catalog.all()) {
    const name = agentSkillName(skill.id);
    if (!skill.graph || skill.planning?.internal || taken.has(name)) continue;
    taken.add(name);
    try {
      const { files, entry } = await originalFiles(skill.source, skill.id);
      const folder = exportAgentSkill(skill, files, entry);
      exported.push(await packFiles(folder.name, skill.description || skill.id, folder.files));
    } catch (e) {
      publication.skipped.push({ path: skill.source, why: (e as Error).message.split('\n')[0] });
    }
  }
  const skills = [...publication.skills, ...exported].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  return { skills, skipped: publication.skipped };
}
