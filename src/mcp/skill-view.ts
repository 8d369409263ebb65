import type { Skill } from '../ir/skill.js';
import { catalogText } from './catalog.js';
import { docResources, type DocResource } from './doc-resources.js';
import { skillTools, type SkillTool } from './skill-tools.js';

/** What the MCP server shows of one list of skills: tools, document resources, the catalog. */
export interface SkillView {
  /** The highest version of each id. */
  latest: Skill[];
  tools: SkillTool[];
  docs: DocResource[];
  catalog: string;
}

/** The view of a skills list (every version, highest first within an id, as the facade lists them). */
export function skillView(all: readonly Skill[]): SkillView {
  const latest = all.filter((s, i) => all.findIndex((o) => o.id === s.id) === i);
  const tools = skillTools(latest);
  return { latest, tools, docs: docResources(latest), catalog: catalogText(tools, latest) };
}

/** What a client would see change between two views: the tool list, the resource list. */
export function viewChanges(before: SkillView, after: SkillView): { tools: boolean; resources: boolean } {
  const key = (v: unknown) => JSON.stringify(v);
  return {
    tools: key(before.tools.map((t) => t.tool)) !== key(after.tools.map((t) => t.tool)),
    resources:
      key(before.docs.map((d) => d.resource)) !== key(after.docs.map((d) => d.resource)) ||
      before.catalog !== after.catalog,
  };
}
