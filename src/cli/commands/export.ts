import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { exportAgentSkill } from '../../convert/index.js';
import { originalFiles } from '../../distribution/index.js';
import { openSkein } from '../../host/index.js';
import { SkeinError } from '../../errors/index.js';
import { parseCommandArgs } from '../args.js';
import { exportSpec } from '../specs/convert.js';
import { UsageError } from '../usage-error.js';

/** `skein export SKILL --to agent-skills [--out DIR] [--force]`: writes DIR/NAME as an Agent Skills folder. */
export async function exportCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, exportSpec.options);
  if (positionals.length !== 1)
    throw new UsageError('export needs one SKILL (a file, a folder, or id[@version])');
  if (values.to !== 'agent-skills') throw new UsageError('export needs --to agent-skills');
  const skill = await openSkein().skills.resolve(positionals[0]);
  if (!skill.graph)
    throw new SkeinError(
      'not_executable',
      `${skill.id} is a document skill: it is an Agent Skills folder already, or close to one`,
    );
  const { files: original, entry } = await originalFiles(skill.source, skill.id);
  const { name, files } = exportAgentSkill(skill, original, entry);
  const dir = join(resolve(values.out ?? '.'), name);
  if (existsSync(dir)) {
    if (!values.force) throw new UsageError(`${dir} exists; pass --force to replace it`);
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [path, content] of files) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
    if (path.startsWith('scripts/')) chmodSync(target, 0o755);
  }
  const near = relative(process.cwd(), dir);
  const shown = !near || near.startsWith('..') ? dir : near;
  if (values.json)
    process.stdout.write(JSON.stringify({ name, dir: shown, files: [...files.keys()].sort() }) + '\n');
  else
    process.stderr.write(
      `wrote ${shown}/: SKILL.md, scripts/run.sh, scripts/resume.sh and ${original.size} original file${original.size === 1 ? '' : 's'} in assets/original/\n`,
    );
  return 0;
}
