import type { JsonSchema } from '../ir/schema.js';
import type { Skill } from '../ir/skill.js';

/**
 * The parts of a skill the router reads, each with how much its length matters (BM25F `b`); their
 * weights are settings (src/routing/settings.ts).
 */
export const FIELDS = {
  id: { b: 0.3 },
  aliases: { b: 0.3 },
  tags: { b: 0.3 },
  triggers: { b: 0.3 },
  category: { b: 0 },
  description: { b: 0.75 },
  opening: { b: 0.75 },
  headings: { b: 0.75 },
  inputs: { b: 0.75 },
} as const;

/** A lower-case letter or digit followed by a capital: where a camelCase id splits into words. */
const CAMEL = /([\p{Ll}\p{N}])(\p{Lu})/gu;

export type FieldName = keyof typeof FIELDS;
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];

/**
 * The text of each field of a skill, whatever its dialect: id, declared aliases, tags (Aegis
 * capabilityTags, skill.json and document tags), triggers, category, description, the opening paragraph
 * of its document's body, document headings, and
 * the names and descriptions of its input fields.
 */
export function skillFields(skill: Skill): Record<FieldName, string> {
  const r = skill.routing;
  return {
    id: skill.id.replace(CAMEL, '$1 $2'),
    aliases: (r?.aliases ?? []).join('\n'),
    tags: skill.tags.join('\n'),
    triggers: (r?.triggers ?? []).join('\n'),
    category: r?.category ?? '',
    description: skill.description,
    opening: openingParagraph(skill.doc?.body ?? ''),
    headings: (r?.headings ?? []).join('\n'),
    inputs: inputText(skill.input).join('\n'),
  };
}

/** The longest opening paragraph read. */
const MAX_OPENING = 600;

/**
 * The first paragraph of prose of a Markdown body: lines of text before the first blank line, skipping
 * headings, code blocks, tables, comments and a frontmatter; at most MAX_OPENING characters.
 */
export function openingParagraph(body: string): string {
  const lines: string[] = [];
  let fenced = false;
  for (const raw of body.replace(/^---\n[\s\S]*?\n---\n/, '').split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || /^(```|~~~|#|\||<!--|---|===)/.test(line)) {
      if (lines.length) break;
      continue;
    }
    if (!line) {
      if (lines.length) break;
      continue;
    }
    lines.push(line.replace(/^[>*-]\s+/, ''));
  }
  return lines.join(' ').slice(0, MAX_OPENING);
}

/** Names, titles and descriptions of a schema's properties, nested ones too. */
export function inputText(schema: JsonSchema, depth = 0): string[] {
  if (depth > 3 || typeof schema !== 'object' || schema === null) return [];
  const out: string[] = [];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    out.push(name);
    if (typeof sub !== 'object' || sub === null) continue;
    const s = sub as JsonSchema & { label?: unknown };
    for (const text of [s.title, s.description, s.label]) if (typeof text === 'string') out.push(text);
    out.push(...inputText(s, depth + 1));
  }
  return out;
}
