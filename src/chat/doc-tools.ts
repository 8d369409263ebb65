import { findDocPart, findDocSkill } from '../documents/load-part.js';
import { CHUNK_TOOL_NAME, chunkToolSpec } from '../documents/chunk-tool.js';
import type { Skill, SkillDoc } from '../ir/skill.js';
import type { LoopTool } from '../models/tool-loop.js';
import type { ChatCall } from './transcript.js';

const TOOL_NAMES = [CHUNK_TOOL_NAME, 'load_skill_chunk'];

/**
 * `load_doc_chunk(skill_name, chunk_id)` and its alias `load_skill_chunk`: the text of one part of a
 * document skill. An unknown skill or chunk gets `{status: "error", error}` naming the known ones.
 */
export function docTools(
  skills: readonly Skill[],
  taken: Set<string>,
  onCall: (call: ChatCall, id: string) => void,
): LoopTool[] {
  const docs = skills.filter((s): s is Skill & { doc: SkillDoc } => s.doc !== undefined);
  if (!docs.length) return [];
  return TOOL_NAMES.filter((n) => !taken.has(n)).map((name) => {
    taken.add(name);
    return {
      name,
      ...chunkToolSpec('the system prompt'),
      execute: async (args: unknown, { toolCallId }: { toolCallId: string }) => {
        const { skill_name: skillName, chunk_id: chunkId } = args as { skill_name: string; chunk_id: string };
        const started = performance.now();
        const found = await loadChunk(skills, skillName, chunkId);
        const call: ChatCall = {
          tool: name,
          skill: name,
          input: args,
          status: found.status === 'success' ? 'completed' : 'failed',
          ms: Math.round(performance.now() - started),
        };
        if (found.status === 'error') call.error = found.error;
        onCall(call, toolCallId);
        return found;
      },
    };
  });
}

/** One chunk as the model receives it: its text, or an error naming what exists. */
async function loadChunk(skills: readonly Skill[], skillName: string, chunkId: string) {
  let part;
  try {
    part = findDocPart(findDocSkill(skills, skillName), chunkId);
  } catch (e) {
    return { status: 'error' as const, error: (e as Error).message };
  }
  try {
    return {
      status: 'success' as const,
      content: await part.load(),
      message: `loaded ${part.description || part.id} of ${skillName}`,
    };
  } catch (e) {
    return {
      status: 'error' as const,
      error: `chunk "${chunkId}" of "${skillName}" could not be loaded: ${(e as Error).message}`,
    };
  }
}
