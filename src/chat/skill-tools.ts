import type { Skill } from '../ir/skill.js';
import { FUNCTION_NAME, skillsAsTools } from '../ir/skill-tool.js';
import type { LoopTool } from '../models/tool-loop.js';
import { eligibility } from '../planner/index.js';
import { RunRefused, type RunListener, type Runtime } from '../runtime/index.js';
import type { ChatCall } from './transcript.js';

/** How the agent loop runs skills, and where it reports each call. */
export interface SkillToolOptions {
  runtime: Pick<Runtime, 'start'>;
  /** A call finished; `id` is the model's tool-call id. */
  onCall(call: ChatCall, id: string): void;
  onEvent?: RunListener;
  signal?: AbortSignal;
}

/**
 * One function per executable skill (`skillsAsTools`, with the names every provider accepts). Calling it runs the skill through the runtime; the model gets
 * the output, or the pause or failure as data it can explain. The planner has a say: skills that run
 * only when named (internal) are not offered, and a call whose input (the skill's state) does not meet
 * the skill's `requires` is refused with the planner's reason.
 */
export function skillTools(
  skills: readonly Skill[],
  taken: Set<string>,
  options: SkillToolOptions,
): LoopTool[] {
  return skillsAsTools(skills, FUNCTION_NAME, taken).map(
    ({ skill, name, description, inputSchema, wrappedInput }) => ({
      name,
      description,
      inputSchema,
      execute: async (args: unknown, { toolCallId }: { toolCallId: string }) => {
        const input = wrappedInput ? (args as { input: unknown }).input : args;
        const call = await runSkill(skill, input, options);
        options.onCall({ tool: name, ...call }, toolCallId);
        return call.status === 'completed'
          ? call.output
          : {
              status: call.status,
              error: call.error,
              ...(call.output === undefined ? {} : { output: call.output }),
            };
      },
    }),
  );
}

async function runSkill(
  skill: Skill,
  input: unknown,
  options: SkillToolOptions,
): Promise<Omit<ChatCall, 'tool'>> {
  const started = performance.now();
  const base = { skill: `${skill.id}@${skill.version}`, input };
  const ms = () => Math.round(performance.now() - started);
  const state = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const verdict = eligibility(skill, state, undefined, true);
  if (!verdict.eligible)
    return { ...base, status: 'refused', error: `planner: ${skill.id} cannot run: ${verdict.why}`, ms: ms() };
  try {
    const result = await options.runtime.start(skill, input, {
      onEvent: options.onEvent,
      signal: options.signal,
    });
    if (result.status === 'completed')
      return { ...base, status: 'completed', output: result.output, runId: result.runId, ms: ms() };
    if (result.status === 'awaiting')
      return {
        ...base,
        status: 'awaiting',
        output: {
          message: result.await?.message,
          fields: Object.keys(result.await?.inputSchema.properties ?? {}),
        },
        error: `the skill paused for a person at step "${result.await?.step}"; they answer with: skein resume ${result.runId} --input '{…}'`,
        runId: result.runId,
        ms: ms(),
      };
    return {
      ...base,
      status: 'failed',
      error: `${result.error?.code}: ${result.error?.message}`,
      runId: result.runId,
      ms: ms(),
    };
  } catch (e) {
    if (e instanceof RunRefused)
      return { ...base, status: 'refused', error: `${e.code}: ${e.message}`, ms: ms() };
    throw e;
  }
}
