import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import { findSkills, packSkill, type Found } from '../../distribution/index.js';
import { SkeinError } from '../../errors/index.js';
import { parseCommandArgs } from '../args.js';
import { packSpec } from '../specs/pack.js';
import { UsageError } from '../usage-error.js';

/** `skein pack SKILL [--out DIR]`: the skill's folder as a reproducible `<name>.tar.gz`. */
export async function packCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, packSpec.options);
  if (positionals.length !== 1) throw new UsageError('pack needs one SKILL (a folder, a file or a skill id)');
  const found = await locate(positionals[0]);
  const packed = await packSkill(found);
  const dir = resolve(values.out ?? '.');
  mkdirSync(dir, { recursive: true });
  const archive = join(dir, `${packed.name}.tar.gz`);
  writeFileSync(archive, packed.archive);
  const shown = relative(process.cwd(), archive) || archive;
  if (values.json)
    process.stdout.write(
      JSON.stringify({
        name: packed.name,
        archive: shown,
        digest: packed.archiveDigest,
        skillDigest: packed.digest,
        files: packed.files.map(({ path, digest }) => ({ path, digest })),
      }) + '\n',
    );
  else
    process.stderr.write(
      `wrote ${shown} (${packed.files.length} file${packed.files.length === 1 ? '' : 's'}, ${packed.archiveDigest})\n`,
    );
  return 0;
}

/** The skill folder SKILL names: a path holding one skill, or an id (`id[@version]`) of the skills path. */
async function locate(arg: string): Promise<Found> {
  if (existsSync(arg)) {
    const { found } = await findSkills(resolve(arg));
    if (found.length === 1) return found[0];
    throw new UsageError(
      `${arg} holds ${found.length} skill folders (${found.map((f) => f.name).join(', ')}); name one`,
    );
  }
  const [id, version] = arg.split('@');
  for (const folder of loadConfig().skillsPath) {
    if (!existsSync(folder)) continue;
    const { found } = await findSkills(folder).catch(() => ({ found: [] as Found[] }));
    const hit = found.find((f) => f.skills.some((s) => s.id === id && (!version || s.version === version)));
    if (hit) return hit;
  }
  throw new SkeinError(
    'skill_not_found',
    `no skill "${arg}": SKILL is a skill folder or file, or the id of a skill on the skills path`,
  );
}
