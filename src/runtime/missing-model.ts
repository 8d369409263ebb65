import { usesModel } from '../ir/needs-model.js';
import type { Skill } from '../ir/skill.js';
import { RunFailure } from './errors.js';
import type { RuntimeServices } from './services.js';

/** Why a skill's model steps cannot run (no model service, or a model it cannot reach), before any step starts; undefined when they can. */
export async function missingModel(services: RuntimeServices, skill: Skill): Promise<RunFailure | undefined> {
  for (const node of skill.graph?.nodes ?? []) {
    if (!usesModel(node)) continue;
    if (!services.llm)
      return new RunFailure(
        'model_not_configured',
        `step "${node.id}" needs a model, and no model service is configured`,
        node.id,
      );
    try {
      await services.llm.check(node.model ?? skill.model);
    } catch (e) {
      return new RunFailure(
        'model_not_configured',
        `step "${node.id}" needs a model: ${(e as Error).message}`,
        node.id,
      );
    }
  }
  return undefined;
}
