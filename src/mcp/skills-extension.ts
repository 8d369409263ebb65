import { extname } from 'node:path';
import { publishSkills, skillFrontmatter } from '../distribution/index.js';

/** The MCP skills extension's identifier (SEP-2640), declared in the server's capabilities. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** A file of a skill, as `skills/list` and `skills/get` list it. */
export interface SkillResourceEntry {
  uri: string;
  digest: string;
  size: number;
}

/** A skill entry of the extension: its SKILL.md's URI, its frontmatter verbatim, every file. */
export interface SkillEntry {
  uri: string;
  frontmatter: { name: string; description: string; [key: string]: unknown };
  resources: SkillResourceEntry[];
}

/** A skill served through the extension: its entry and the bytes of each of its files by URI. */
export interface ServedSkill {
  entry: SkillEntry;
  files: Map<string, { bytes: Buffer; mimeType: string }>;
}

const NAME = /^[a-z0-9](?:[a-z0-9]|-(?!-)){0,62}[a-z0-9]$|^[a-z0-9]$/;
/** The extension's limits per skill: files, and bytes over all of them. */
const MAX_FILES = 512;
const MAX_BYTES = 16 * 1024 * 1024;

const MIME: Record<string, string> = {
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.py': 'text/x-python',
  '.js': 'text/javascript',
  '.ts': 'text/x-typescript',
  '.sh': 'text/x-shellscript',
  '.csv': 'text/csv',
  '.html': 'text/html',
};

/**
 * The skills of the skills path that the extension serves: every folder with a SKILL.md whose
 * frontmatter has a `name` of the naming rule and a `description`, within the extension's limits, as
 * `skill://<name>/<path>` for each of its files (digests of the raw bytes, as `skein serve` publishes).
 */
export async function servedSkills(skillsPath: readonly string[]): Promise<ServedSkill[]> {
  const served: ServedSkill[] = [];
  const names = new Set<string>();
  for (const skill of (await publishSkills(skillsPath)).skills) {
    const frontmatter = skillFrontmatter(skill.files[0].bytes.toString('utf8'));
    const name = frontmatter?.name;
    if (typeof name !== 'string' || !NAME.test(name) || typeof frontmatter?.description !== 'string')
      continue;
    if (names.has(name) || skill.files.length > MAX_FILES) continue;
    if (skill.files.reduce((n, f) => n + f.bytes.length, 0) > MAX_BYTES) continue;
    names.add(name);
    const uriOf = (path: string) => `skill://${name}/${path.split('/').map(encodeURIComponent).join('/')}`;
    served.push({
      entry: {
        uri: uriOf('SKILL.md'),
        frontmatter: frontmatter as SkillEntry['frontmatter'],
        resources: skill.files.map((f) => ({ uri: uriOf(f.path), digest: f.digest, size: f.bytes.length })),
      },
      files: new Map(
        skill.files.map((f) => [
          uriOf(f.path),
          { bytes: f.bytes, mimeType: MIME[extname(f.path).toLowerCase()] ?? 'application/octet-stream' },
        ]),
      ),
    });
  }
  return served;
}
