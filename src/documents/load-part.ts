import type { DocPart, Skill } from '../ir/skill.js';
import { DocLookupError } from './errors.js';

/** The document skill named `skillName` among `skills` (by id); a clear error when there is none. */
export function findDocSkill(
  skills: readonly Skill[],
  skillName: string,
): Skill & { doc: NonNullable<Skill['doc']> } {
  const skill = skills.find((s) => s.id === skillName);
  if (skill?.doc) return skill as Skill & { doc: NonNullable<Skill['doc']> };
  if (skill)
    throw new DocLookupError(
      `"${skillName}" is an executable skill, not a document: it has no chunks to load; call it as a function`,
    );
  const known = skills.filter((s) => s.doc).map((s) => s.id);
  throw new DocLookupError(
    `no document skill "${skillName}"; ${known.length ? `known: ${known.join(', ')}` : 'no document skills are loaded'}`,
  );
}

/** The part `partId` of a document skill; a clear error, listing the part ids, when there is none. */
export function findDocPart(skill: Skill & { doc: NonNullable<Skill['doc']> }, partId: string): DocPart {
  const part = skill.doc.parts.find((p) => p.id === partId);
  if (part) return part;
  const ids = skill.doc.parts.map((p) => p.id);
  throw new DocLookupError(
    `skill "${skill.id}" has no chunk "${partId}"; ${ids.length ? `its chunks: ${ids.join(', ')}` : 'it has no chunks: its summary is the whole document'}`,
  );
}

/** `load_doc_chunk(skill_name, chunk_id)`: the text of one part of one document skill. */
export async function loadDocChunk(
  skills: readonly Skill[],
  skillName: string,
  chunkId: string,
): Promise<string> {
  return findDocPart(findDocSkill(skills, skillName), chunkId).load();
}
