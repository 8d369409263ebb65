import type { SkeinConfig } from '../config/config.js';
import type { Skill } from '../ir/skill.js';
import { loadLibrary } from '../skills/index.js';

/**
 * The highest version of each skill under `paths` (default: the configured skills path, leaving out
 * folders not made yet), ids in order; files with errors are left out and files that look like skills but are none are named, each with a notice on stderr.
 */
export async function loadLatestSkills(config: SkeinConfig, paths: readonly string[] = []): Promise<Skill[]> {
  const {
    library,
    units,
    brokenFiles: broken,
  } = await loadLibrary(paths.length ? paths : config.skillsPath, {
    skipMissing: !paths.length,
  });
  if (broken)
    process.stderr.write(
      `${broken} skill file${broken === 1 ? '' : 's'} with errors left out; run skein validate to see them\n`,
    );
  const lookalikes = units.filter((u) => u.diagnostics.some((d) => d.code === 'skein/skipped'));
  for (const u of lookalikes) process.stderr.write(`skipped ${u.path}: ${u.diagnostics[0].message}\n`);
  return library.latest();
}
