import { removeSkills } from '../../distribution/index.js';
import { parseCommandArgs } from '../args.js';
import { removeSpec } from '../specs/add.js';
import { UsageError } from '../usage-error.js';
import { project } from './add.js';

/** `skein remove NAME...`: deletes installed skill folders and their skein.lock entries. */
export async function removeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, removeSpec.options);
  if (!positionals.length) throw new UsageError('remove needs the NAME of an installed skill');
  const gone = removeSkills(project(), positionals);
  if (values.json) process.stdout.write(JSON.stringify({ removed: gone.map((e) => e.dir) }) + '\n');
  else process.stderr.write(`removed ${gone.map((e) => e.dir).join(', ')}\n`);
  return 0;
}
