import { parse } from 'yaml';

/**
 * The YAML frontmatter of a SKILL.md as a JSON object (what the MCP skills extension calls its
 * `frontmatter`), or undefined when the text opens with none or it is not a mapping.
 */
export function skillFrontmatter(text: string): Record<string, unknown> | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return undefined;
  try {
    const value: unknown = parse(match[1]);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    // Dates and other YAML values as JSON has them.
    return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
