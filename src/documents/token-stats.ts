import { count } from '../tokens/index.js';
import type { Skill } from '../ir/skill.js';

/** Token counts of one document skill in its loading modes (o200k_base, see src/tokens). */
export interface DocTokens {
  id: string;
  source: string;
  /** The whole body: what an agent gets without progressive loading (the frontmatter left out of both). */
  full: number;
  /** The summary view: core plus the list of parts. */
  summary: number;
  /** The body plus its reference files (Markdown parts of a skill folder). */
  withReferences: number;
}

/** Counts the tokens of a document skill's body, its summary, and its body with its reference files. */
export async function docTokens(skill: Skill): Promise<DocTokens> {
  const doc = skill.doc;
  if (!doc) throw new Error(`${skill.id} is not a document skill`);
  const full = count(doc.body);
  let references = 0;
  for (const part of doc.parts) if (part.kind === 'reference') references += count(await part.load());
  return {
    id: skill.id,
    source: skill.source,
    full,
    summary: count(doc.summary),
    withReferences: full + references,
  };
}

/** The share of tokens the summary saves against the full body, 0–1. */
export function saving(t: Pick<DocTokens, 'full' | 'summary'>): number {
  return t.full ? 1 - t.summary / t.full : 0;
}
