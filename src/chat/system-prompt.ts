import type { Skill } from '../ir/skill.js';

const INTRO = `You are an assistant with skills. Each function you can call runs one skill and returns its output; a result with "status" tells you the skill failed, was refused or waits for a person, and why. Call a function when it helps to answer; pass exactly the fields its parameters describe. Otherwise answer directly. Answer in the user's language.`;

/** The agent's system prompt: how to use the functions, then each knowledge skill in summary form. */
export function systemPrompt(skills: readonly Skill[], extra?: string): string {
  const docs = skills.filter((s) => s.doc);
  const parts = [INTRO];
  if (docs.length) {
    parts.push(
      '# Knowledge skills\nLoad a chunk with load_doc_chunk(skill_name, chunk_id) when you need its details.',
    );
    for (const s of docs)
      parts.push(`## Skill: ${s.id}\nDescription: ${s.description}\n\n${s.doc!.summary.trim()}`);
  }
  if (extra) parts.push(extra);
  return parts.join('\n\n');
}
