import type { SkeinConfig } from '../../config/config.js';
import type { Skill } from '../../ir/skill.js';
import { loadLibrary } from '../../library/index.js';
import { buildRouteIndex, type RouteIndex } from '../../router/index.js';

/**
 * The highest version of each skill under `paths` (default: the configured skills path, leaving out
 * folders not made yet); files with errors are left out with a notice on stderr.
 */
export async function loadLatestSkills(config: SkeinConfig, paths: readonly string[] = []): Promise<Skill[]> {
  const { library, brokenFiles: broken } = await loadLibrary(paths.length ? paths : config.skillsPath, {
    skipMissing: !paths.length,
  });
  if (broken)
    process.stderr.write(
      `${broken} skill file${broken === 1 ? '' : 's'} with errors left out; run skein validate to see them\n`,
    );
  return library.latest();
}

/** The route index of the skills path, only over executable skills when `executable`. */
export async function loadRouteIndex(
  config: SkeinConfig,
  options: { executable?: boolean } = {},
): Promise<RouteIndex> {
  const skills = await loadLatestSkills(config);
  return buildRouteIndex(options.executable ? skills.filter((s) => s.graph) : skills);
}
