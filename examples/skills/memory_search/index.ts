// memory_search (spec §3.1, §5): full-text search over what memory_store remembered.
import type { SkillExecutor } from '../../../src/index.js';

export const execute: SkillExecutor = async (input, ctx) => {
  const { query, limit = 5 } = input as { query: string; limit?: number };
  const results = await ctx.memory.search(query, limit);
  return { results, count: results.length };
};
