// memory_forget: removes entries by id, by document, or every entry a search finds.
import type { SkillExecutor } from '../../../src/index.js';

export const execute: SkillExecutor = async (input, ctx) => {
  const { id, path, query } = input as { id?: string; path?: string; query?: string };
  return ctx.memory.forget({ id, path, query });
};
