import { extname } from 'node:path';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { DocPart, Skill, SkillDoc } from '../ir/skill.js';

/** A resource of a document skill: its summary or one of its parts. */
export interface DocResource {
  resource: Resource;
  read(): Promise<string>;
}

const MIME: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.py': 'text/x-python',
  '.ts': 'text/x-typescript',
  '.js': 'text/javascript',
  '.sh': 'text/x-shellscript',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.xml': 'application/xml',
};

/**
 * Each document skill (skill docs and Agent Skills folders) as resources named as the MCP skills
 * extension does: `skill://<id>/SKILL.md` is its summary (what an agent reads first), and
 * `skill://<id>/<part>` each chunk, section or file, typed by its extension (chunks are Markdown).
 */
export function docResources(latest: readonly Skill[]): DocResource[] {
  return latest
    .filter((s): s is Skill & { doc: SkillDoc } => s.doc !== undefined)
    .flatMap((skill) => [
      {
        resource: {
          uri: `skill://${segment(skill.id)}/SKILL.md`,
          name: skill.id,
          title: `${skill.id} (summary)`,
          description: skill.description,
          mimeType: 'text/markdown',
        },
        read: async () => skill.doc.summary,
      },
      ...skill.doc.parts.map((part) => ({
        resource: {
          uri: `skill://${segment(skill.id)}/${part.id.split('/').map(segment).join('/')}`,
          name: `${skill.id}/${part.id}`,
          ...(part.description ? { description: part.description } : {}),
          mimeType: mimeType(part),
        },
        read: () => part.load(),
      })),
    ]);
}

function mimeType(part: DocPart): string {
  if (part.kind === 'chunk' || part.kind === 'section') return 'text/markdown';
  return MIME[extname(part.id).toLowerCase()] ?? 'text/plain';
}

const segment = (text: string) => encodeURIComponent(text);
