import { relative } from 'node:path';
import { loadConfig } from '../../config/load-config.js';
import { applyAdd, planAdd, type AddPlan, type Project } from '../../distribution/index.js';
import { parseCommandArgs } from '../args.js';
import { confirm } from '../confirm.js';
import { addSpec } from '../specs/add.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';

/** The project skein.lock belongs to: the config's folder, and the first folder of the skills path. */
export function project(): Project {
  const config = loadConfig();
  return { root: config.root, skillsDir: config.skillsPath[0] };
}

/** `skein add SOURCE [--yes] [--json]`: shows what it will add, asks, writes it and records it in skein.lock. */
export async function addCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, addSpec.options);
  if (positionals.length !== 1) throw new UsageError('add needs one SOURCE');
  const where = project();
  const plan = await planAdd(positionals[0], where, process.cwd());
  try {
    if (!values.json) process.stderr.write(preview(plan, where));
    let written = true;
    try {
      await confirm(
        `Add ${plan.entries.length} skill folder${plan.entries.length === 1 ? '' : 's'}?`,
        Boolean(values.yes),
      );
    } catch (e) {
      if (!values.json) throw e;
      written = false;
    }
    if (written) applyAdd(plan, where);
    if (values.json) process.stdout.write(JSON.stringify({ ...summary(plan, where), written }) + '\n');
    else
      process.stderr.write(
        `added ${plan.entries.map((e) => e.found.name).join(', ')}; recorded in skein.lock\n`,
      );
    return written ? 0 : 1;
  } finally {
    plan.dispose();
  }
}

function summary(plan: AddPlan, where: Project) {
  return {
    commit: plan.commit,
    skills: plan.entries.map(({ found, entry }) => ({
      name: found.name,
      dir: entry.dir,
      dialect: found.dialect,
      ids: found.skills.map((s) => `${s.id}@${s.version}`),
      files: found.files,
      scripts: found.scripts,
      allowedTools: found.tools,
      digest: entry.digest,
    })),
    notSkills: plan.findings.rejected,
    lock: relative(process.cwd(), `${where.root}/skein.lock`) || 'skein.lock',
  };
}

/** What add will write: each skill folder with its files, scripts (never run) and tools. */
function preview(plan: AddPlan, where: Project): string {
  const c = colorFor(process.stderr);
  const lines = [
    `${plan.entries.length} skill folder(s) from ${c.bold(plan.entries[0].entry.source)}${plan.commit ? ` at ${plan.commit.slice(0, 12)}` : ''}:`,
  ];
  for (const { found, entry } of plan.entries) {
    lines.push(
      `  ${c.bold(found.name)} (${found.dialect}: ${found.skills.map((s) => `${s.id}@${s.version}`).join(', ')}) → ${relative(process.cwd(), `${where.root}/${entry.dir}`)}`,
    );
    lines.push(`    files: ${found.files.join(', ')}`);
    if (found.scripts.length)
      lines.push(`    ${c.yellow('scripts')} (installed, not run): ${found.scripts.join(', ')}`);
    if (found.tools.length) lines.push(`    allowed tools: ${found.tools.join(' ')}`);
  }
  for (const r of plan.findings.rejected) lines.push(c.dim(`  not a skill: ${r.path}: ${r.why}`));
  return lines.join('\n') + '\n';
}
