import { countAll } from '../tokens/index.js';
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
  return (await docTokensAll([skill]))[0];
}

/**
 * `docTokens` of many document skills, their texts counted together (on several threads when there is
 * much text: a repository's reference files can be megabytes).
 */
export async function docTokensAll(skills: readonly Skill[]): Promise<DocTokens[]> {
  const texts: string[] = [];
  const spans: { skill: Skill; references: number }[] = [];
  for (const skill of skills) {
    const doc = skill.doc;
    if (!doc) throw new Error(`${skill.id} is not a document skill`);
    const references = await Promise.all(
      doc.parts.filter((p) => p.kind === 'reference').map((p) => p.load()),
    );
    texts.push(doc.body, doc.summary, ...references);
    spans.push({ skill, references: references.length });
  }
  const counts = await countAll(texts);
  let at = 0;
  return spans.map(({ skill, references }) => {
    const [full, summary, ...refs] = counts.slice(at, (at += 2 + references));
    return {
      id: skill.id,
      source: skill.source,
      full,
      summary,
      withReferences: full + refs.reduce((a, b) => a + b, 0),
    };
  });
}

/** The share of tokens the summary saves against the full body, 0–1. */
export function saving(t: Pick<DocTokens, 'full' | 'summary'>): number {
  return t.full ? 1 - t.summary / t.full : 0;
}
