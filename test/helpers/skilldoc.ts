import type { Diagnostic } from '../../src/ir/diagnostic.js';
import type { LoadResult, Skill } from '../../src/ir/skill.js';
import { skilldocFile } from '../../src/dialects/skilldoc/index.js';
import { diskFiles } from '../../src/ir/disk-files.js';

/** Loads an AgentOS document from text, as `skein` would load a file with that name. */
export function loadDoc(text: string, file = 'doc.SKILL.md'): LoadResult {
  return skilldocFile.loadFile(file, text, diskFiles);
}

/** The one skill of a result (asserting there are no errors). */
export function onlySkill(result: LoadResult): Skill & { doc: NonNullable<Skill['doc']> } {
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length || result.skills.length !== 1)
    throw new Error(`expected one skill, got ${JSON.stringify(result.diagnostics)}`);
  return result.skills[0] as Skill & { doc: NonNullable<Skill['doc']> };
}

/** Diagnostics as `line:column severity code`, for exact comparisons. */
export function brief(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`);
}

/** The ids, kinds and texts of a document's parts. */
export async function partsOf(
  skill: Skill,
): Promise<{ id: string; kind: string; description: string; text: string }[]> {
  const out = [];
  for (const p of skill.doc!.parts)
    out.push({ id: p.id, kind: p.kind, description: p.description, text: await p.load() });
  return out;
}
