import type { SkeinConfig } from '../config/config.js';
import type { Skill } from '../ir/skill.js';
import { loadLibrary } from '../library/index.js';

/**
 * The highest version of each skill under `paths` (default: the configured skills path, leaving out
 * folders not made yet), ids in order; files with errors are left out with a notice on stderr.
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
