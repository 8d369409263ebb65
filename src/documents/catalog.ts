import type { DocPart, Skill } from '../ir/skill.js';

/**
 * What an agent sees before it picks a skill: for each document skill its name, its description and
 * the ids of its chunks or reference files (sections and other files are listed once it is chosen,
 * in its summary). Reference paths that share a folder are written once: `python/{a.md, b.md}`.
 */
export function catalogView(skills: readonly Skill[]): string {
  return skills
    .filter((s) => s.doc)
    .map((s) => catalogEntry(s, s.doc!.parts))
    .join('\n');
}

function catalogEntry(skill: Skill, parts: readonly DocPart[]): string {
  const lines = [`- ${skill.id}: ${skill.description.replace(/\s+/g, ' ').trim()}`];
  const chunks = parts.filter((p) => p.kind === 'chunk').map((p) => p.id);
  const references = parts.filter((p) => p.kind === 'reference').map((p) => p.id);
  if (chunks.length) lines.push(`  chunks: ${chunks.join(', ')}`);
  if (references.length) lines.push(`  references: ${groupByFolder(references).join(', ')}`);
  return lines.join('\n');
}

/** Paths grouped by folder, folders in the order first seen: `a.md`, `dir/{b.md, c.md}`. */
export function groupByFolder(paths: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const p of paths) {
    const slash = p.lastIndexOf('/');
    const dir = slash === -1 ? '' : p.slice(0, slash + 1);
    const list = groups.get(dir) ?? [];
    list.push(p.slice(slash + 1));
    groups.set(dir, list);
  }
  return [...groups].flatMap(([dir, names]) =>
    !dir ? names : names.length === 1 ? [dir + names[0]] : [`${dir}{${names.join(', ')}}`],
  );
}
