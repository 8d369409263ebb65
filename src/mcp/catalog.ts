import type { Skill } from '../ir/skill.js';
import { catalogView } from '../documents/index.js';
import type { SkillTool } from './skill-tools.js';

/** The URI of the catalog resource. */
export const CATALOG_URI = 'skein://catalog';

/**
 * Every skill in a few lines an agent can read before choosing: the tools with what they do, and the
 * document skills with their parts, and how to read them.
 */
export function catalogText(tools: readonly SkillTool[], latest: readonly Skill[]): string {
  const lines = ['# Skills', ''];
  if (tools.length) {
    lines.push('## Tools (executable skills)', '');
    for (const t of tools)
      lines.push(
        `- ${t.tool.name}: ${t.skill.description.replace(/\s+/g, ' ').trim()} (${t.skill.dialect}, ${t.skill.id}@${t.skill.version})`,
      );
    lines.push(
      '',
      'A call that pauses for a person answers with a runId; continue it with skein_resume.',
      '',
    );
  }
  const docs = catalogView(latest);
  if (docs) {
    lines.push('## Documents', '', docs, '');
    lines.push(
      "Read a document's summary as the resource skill://<name>/SKILL.md and its parts as skill://<name>/<part>, or load a part with the tool load_doc_chunk.",
    );
  }
  return lines.join('\n').trimEnd() + '\n';
}
