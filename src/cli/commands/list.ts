import { existsSync } from 'node:fs';
import { loadConfig } from '../../config/load-config.js';
import { needsModel } from '../../ir/needs-model.js';
import type { Skill } from '../../ir/skill.js';
import { loadLibrary } from '../../skills/index.js';
import { parseCommandArgs } from '../args.js';
import { listSpec } from '../specs/list.js';
import { colorFor, type Style } from '../style.js';

/** `skein list [PATH] [--json]`: the skills found, with versions, dialects and whether they need a model. */
export async function listCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, listSpec.options);
  const paths = positionals.length ? positionals : loadConfig().skillsPath.filter((p) => existsSync(p));
  const { library, errors: problems, brokenFiles: broken } = await loadLibrary(paths);
  const skills = library.all();
  if (values.json) {
    process.stdout.write(
      JSON.stringify({
        skills: skills.map((s) => ({
          id: s.id,
          version: s.version,
          dialect: s.dialect,
          description: s.description,
          needsModel: needsModel(s, skills),
          source: s.source,
        })),
        errors: problems.length,
      }) + '\n',
    );
    return 0;
  }
  const c = colorFor(process.stdout);
  const width = Math.max(2, ...skills.map((s) => `${s.id}@${s.version}`.length));
  const lines = skills.map(
    (s) =>
      `${c.bold(`${s.id}@${s.version}`.padEnd(width))}  ${s.dialect.padEnd(10)}  ${modelColumn(s, skills, c)}  ${c.dim(firstLine(s.description))}`,
  );
  if (!skills.length)
    lines.push(
      c.dim(
        `no skills in ${paths.join(', ') || 'the skills path (set SKEIN_SKILLS or skills: in skein.yaml)'}`,
      ),
    );
  if (broken)
    lines.push(
      c.yellow(
        `${broken} file${broken === 1 ? '' : 's'} with errors left out; run skein validate to see them`,
      ),
    );
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}

/** What a skill needs to run, padded to one width: a model, none, or nothing (a document). */
function modelColumn(skill: Skill, skills: readonly Skill[], c: Style): string {
  if (!skill.graph) return c.dim('document'.padEnd(13));
  return needsModel(skill, skills) ? c.yellow('needs a model') : c.dim('no model'.padEnd(13));
}

function firstLine(s: string): string {
  const line = s.split('\n')[0];
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
