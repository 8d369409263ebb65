import type { ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Skill } from '../ir/skill.js';

/** The summary of a document skill, whose resources `docResources` lists one by one. */
export const SUMMARY_TEMPLATE = 'skill://{id}/SKILL.md';
/** A part of a document skill: a chunk, a section or a file of its folder (`{+part}` keeps its `/`). */
export const PART_TEMPLATE = 'skill://{id}/{+part}';

/** The resource templates of the document skills (`resources/templates/list`). */
export const DOC_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: SUMMARY_TEMPLATE,
    name: 'skill-summary',
    title: 'Summary of a document skill',
    description: 'What an agent reads first of a document skill: its description and the parts it offers',
    mimeType: 'text/markdown',
  },
  {
    uriTemplate: PART_TEMPLATE,
    name: 'skill-part',
    title: 'Part of a document skill',
    description:
      'One chunk or section of a document skill (Markdown), or a file of its folder (typed by its extension); the summary names the parts',
  },
];

/** At most this many values in one completion answer (the MCP limit). */
const MAX_VALUES = 100;

/** What a completion answers: the values, how many there are, and whether some were left out. */
export interface Completion {
  values: string[];
  total: number;
  hasMore: boolean;
}

/**
 * Completes an argument of a document template: `id` from the document skills' ids, `part` from the
 * part ids of the skill named by `id` in `context`; the values that start with `value`.
 */
export function completeDocArgument(
  latest: readonly Skill[],
  template: string,
  argument: { name: string; value: string },
  context: Record<string, string> = {},
): Completion {
  const docs = latest.filter((s) => s.doc !== undefined);
  const ofDocs = template === SUMMARY_TEMPLATE || template === PART_TEMPLATE;
  const candidates =
    ofDocs && argument.name === 'id'
      ? docs.map((s) => s.id)
      : template === PART_TEMPLATE && argument.name === 'part'
        ? (docs.find((s) => s.id === context.id)?.doc?.parts.map((p) => p.id) ?? [])
        : [];
  const matching = candidates.filter((c) => c.startsWith(argument.value)).sort();
  return {
    values: matching.slice(0, MAX_VALUES),
    total: matching.length,
    hasMore: matching.length > MAX_VALUES,
  };
}
