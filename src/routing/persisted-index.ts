import type { Skill } from '../ir/skill.js';
import type { LexicalState } from './lexical-index.js';
import { RouteIndex } from './route-index.js';
import { DEFAULT_SETTINGS, type RouterSettings } from './settings.js';

/** Bumped whenever what an index holds or how it is built changes: an older file is then rebuilt. */
const FORMAT = 1;

/** A route index as plain JSON: its settings, what it shows of each skill, and its postings. */
export interface PersistedRouteIndex {
  format: number;
  settings: RouterSettings;
  skills: Skill[];
  lexical: LexicalState;
}

/**
 * A route index as JSON, to be loaded again without reading or compiling any skill file. Each skill
 * keeps what routing shows and the model stage reads (id, version, dialect, description, tags, routing,
 * input); not its graph, document or planner rules, so a persisted index serves requests without a
 * session state (with one, build the index from the library).
 */
export function persistRouteIndex(index: RouteIndex): PersistedRouteIndex {
  return {
    format: FORMAT,
    settings: index.settings,
    skills: index.skills.map((s) => ({
      id: s.id,
      version: s.version,
      dialect: s.dialect,
      description: s.description,
      tags: s.tags,
      source: s.source,
      input: s.input,
      output: {},
      inputAt: [],
      ...(s.routing ? { routing: s.routing } : {}),
    })),
    lexical: index.state(),
  };
}

/** The index a `persistRouteIndex` made; undefined when it is of another format or other settings. */
export function restoreRouteIndex(data: unknown): RouteIndex | undefined {
  const persisted = data as Partial<PersistedRouteIndex> | null;
  if (persisted?.format !== FORMAT || !persisted.skills || !persisted.lexical) return undefined;
  if (JSON.stringify(persisted.settings) !== JSON.stringify(DEFAULT_SETTINGS)) return undefined;
  return new RouteIndex(persisted.skills, DEFAULT_SETTINGS, persisted.lexical);
}
