// memory_store: appends the content to a memory document; memory_search finds it later.
import type { SkillExecutor } from '../../../src/index.js';

export const execute: SkillExecutor = async (input, ctx) => {
  const { content, path, tags } = input as { content: string; path?: string; tags?: string[] };
  return ctx.memory.store(content, { path, tags });
};
