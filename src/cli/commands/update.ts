import { applyUpdate, planUpdate } from '../../distribution/index.js';
import { parseCommandArgs } from '../args.js';
import { confirm } from '../confirm.js';
import { updateSpec } from '../specs/add.js';
import { project } from './add.js';

/** `skein update [NAME...] [--yes]`: installed skills fetched again at their ref; the changes shown, then written. */
export async function updateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, updateSpec.options);
  const where = project();
  const updates = await planUpdate(where, positionals);
  const changes = updates.map((u) => ({
    name: u.name,
    commit: u.entry.commit,
    added: u.added,
    changed: u.changed,
    removed: u.removed,
  }));
  if (!values.json)
    process.stderr.write(
      updates.length
        ? changes
            .map((u) => `${u.name}${u.commit ? ` → ${u.commit.slice(0, 12)}` : ''}: ${describe(u)}`)
            .join('\n') + '\n'
        : 'every skill is up to date\n',
    );
  if (updates.length) await confirm(`Update ${updates.length} skill folder(s)?`, Boolean(values.yes));
  applyUpdate(where, updates);
  if (values.json) process.stdout.write(JSON.stringify({ updated: changes }) + '\n');
  return 0;
}

function describe(u: { added: string[]; changed: string[]; removed: string[] }): string {
  const parts = [
    ...u.added.map((p) => `+${p}`),
    ...u.changed.map((p) => `~${p}`),
    ...u.removed.map((p) => `-${p}`),
  ];
  return parts.length ? parts.join(' ') : 'same files, new commit';
}
