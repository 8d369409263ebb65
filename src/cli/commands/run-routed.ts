import { createLlmService, type Skein } from '../../host/index.js';
import { fillInput } from '../../routing/index.js';
import { RunRefused, type RunOptions, type RunResult } from '../../runtime/index.js';
import { promptFields } from '../prompt-fields.js';
import { colorFor } from '../style.js';
import { loadRouteIndex } from './route-skills.js';

/**
 * `skein run --route "REQUEST"`: routes the request among the executable skills of the skills path (with
 * the model when one is configured), fills what input it can (the request itself in a `message` or
 * `query` field), asks for the rest on a terminal, and runs the chosen skill. No skill fits, or input
 * still missing off a terminal: refused, naming why or the fields.
 */
export async function runRouted(
  skein: Skein,
  request: string,
  given: Record<string, unknown>,
  o: { json: boolean; model?: string; run: RunOptions },
): Promise<RunResult> {
  const index = await loadRouteIndex(skein.config, { executable: true });
  const llm = o.model || skein.config.model ? createLlmService(skein.config, o.model) : undefined;
  const routed = await index.route(request, { llm, signal: o.run.signal });
  if (!routed.choice) throw new RunRefused('no_route', routed.why);
  const skill = index.skills.find((s) => s.id === routed.choice!.id)!;
  if (!o.json) {
    const c = colorFor(process.stderr);
    process.stderr.write(`${c.bold(`routed to ${skill.id}`)} ${c.dim(routed.why)}\n`);
  }
  const { input, missing } = fillInput(skill, request, given);
  if (missing.length && !o.json && process.stdin.isTTY) Object.assign(input, await promptFields(missing));
  else if (missing.length)
    throw new RunRefused(
      'input_required',
      `${skill.id} needs input that the request does not give: ${missing.map((m) => `${m.field} (${m.message})`).join(', ')}`,
      missing.map(({ field, message }) => ({ field, message })),
    );
  return skein.run(skill, input, o.run);
}
