import type { DocPart } from '../../ir/skill.js';

/**
 * The agent's first view of a document (the spec's "Agent context view"): the core, then the parts
 * it can load, one `- id: description` line each.
 */
export function renderSummary(core: string, parts: readonly DocPart[]): string {
  if (!parts.length) return core;
  const list = `[Available Chunks]\n${parts.map((p) => `- ${p.id}: ${p.description}`).join('\n')}`;
  return core ? `${core}\n\n${list}` : list;
}
