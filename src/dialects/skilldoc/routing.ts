import type { DocPart, SkillRouting } from '../../ir/skill.js';
import type { Frontmatter } from './frontmatter.js';
import type { HeadingLine } from './scan-body.js';

/**
 * What a skill document declares for routing: `aliases` and `tags` in the frontmatter (AgentOS), or under
 * `metadata:` (Agent Skills, whose values are text: a comma-separated list there); its headings (levels
 * 1–3) and the descriptions of its chunks.
 */
export function docRouting(
  fm: Frontmatter,
  headings: readonly HeadingLine[],
  parts: readonly DocPart[],
): { tags: string[]; routing: SkillRouting } {
  const metadata = fm.values.metadata;
  const meta = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
  const words = (key: string) => [...wordList(fm.values[key]), ...wordList(meta[key])];
  return {
    tags: words('tags'),
    routing: {
      aliases: words('aliases'),
      triggers: [],
      headings: [
        ...headings.filter((h) => h.level <= 3 && h.text.trim()).map((h) => h.text.trim()),
        ...parts.filter((p) => p.kind === 'chunk' && p.description).map((p) => p.description),
      ],
    },
  };
}

/** A list of words as written: a YAML list of texts, or one text with commas between the words. */
function wordList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && !!v.trim());
  if (typeof value === 'string')
    return value
      .split(/[,，、]/)
      .map((w) => w.trim())
      .filter(Boolean);
  return [];
}
