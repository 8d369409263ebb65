import type { SkeinConfig } from '../../config/config.js';
import { buildRouteIndex, type RouteIndex } from '../../routing/index.js';
import { loadLatestSkills } from '../latest-skills.js';

/** The route index of the skills path (files with errors left out, with a notice), only over executable skills when `executable`. */
export async function loadRouteIndex(
  config: SkeinConfig,
  options: { executable?: boolean } = {},
): Promise<RouteIndex> {
  const skills = await loadLatestSkills(config);
  return buildRouteIndex(options.executable ? skills.filter((s) => s.graph) : skills);
}
