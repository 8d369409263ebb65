import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import type { LiveSkills } from './live-skills.js';
import { refuse } from './protocol-error.js';
import type { ServedSkill } from './skills-extension.js';

const ListSkillsRequestSchema = z.object({
  method: z.literal('skills/list'),
  params: z.looseObject({ cursor: z.string().optional() }).optional(),
});
const GetSkillRequestSchema = z.object({
  method: z.literal('skills/get'),
  params: z.looseObject({ uri: z.string() }),
});

/** Entries per page of `skills/list`. */
const PAGE = 100;
/**
 * The cache hints the extension's results carry (base revision 2026-07-28's CacheableResult): the
 * SDK's revision does not know them, so they are sent as extra fields.
 */
const CACHE = { resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' } as const;

/**
 * `skills/list` (paginated by an opaque cursor) and `skills/get` of the MCP skills extension: entries
 * with each file's digest and size; an unknown URI is -32602, as the extension asks.
 */
export function registerSkillsMethods(server: Server, skills: LiveSkills): void {
  server.setRequestHandler(ListSkillsRequestSchema, async (request) => {
    const all = await skills.skillFiles();
    const cursor = request.params?.cursor;
    const start = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
    if (!Number.isInteger(start) || start < 0 || start > all.length || String(start) !== (cursor ?? '0'))
      refuse('bad_request', `the cursor ${JSON.stringify(cursor)} is not one skills/list gave`);
    const page = all.slice(start, start + PAGE);
    const next = start + PAGE < all.length ? { nextCursor: String(start + PAGE) } : {};
    return { skills: page.map((s) => s.entry), ...next, ...CACHE };
  });
  server.setRequestHandler(GetSkillRequestSchema, async (request) => {
    const { uri } = request.params;
    const found = (await skills.skillFiles()).find((s) => s.entry.uri === uri);
    if (!found) refuse('not_found', `no skill at ${uri}: skills/list names the skills' SKILL.md URIs`);
    return { skill: found.entry, ...CACHE };
  });
}

/** Every file of the served skills as a resource (SKILL.md named and described by its frontmatter). */
export function skillFileResources(served: readonly ServedSkill[]): Resource[] {
  return served.flatMap((s) =>
    [...s.files].map(([uri, file]) =>
      uri === s.entry.uri
        ? {
            uri,
            name: s.entry.frontmatter.name,
            description: s.entry.frontmatter.description,
            mimeType: 'text/markdown',
            size: file.bytes.length,
          }
        : {
            uri,
            name: `${s.entry.frontmatter.name}/${uri.slice(s.entry.uri.length - 'SKILL.md'.length)}`,
            mimeType: file.mimeType,
            size: file.bytes.length,
          },
    ),
  );
}

/** A served file's content: its text when its bytes are UTF-8 text, else its bytes in base64. */
export function readSkillFile(served: readonly ServedSkill[], uri: string): ReadResourceResult | undefined {
  for (const s of served) {
    const file = s.files.get(uri);
    if (!file) continue;
    const text = file.bytes.toString('utf8');
    return Buffer.from(text, 'utf8').equals(file.bytes) && !text.includes('\0')
      ? { contents: [{ uri, mimeType: file.mimeType, text }] }
      : { contents: [{ uri, mimeType: file.mimeType, blob: file.bytes.toString('base64') }] };
  }
  return undefined;
}
