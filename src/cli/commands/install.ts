import { installFromLock } from '../../distribution/index.js';
import { parseCommandArgs } from '../args.js';
import { installSpec } from '../specs/add.js';
import { project } from './add.js';

/** `skein install [NAME...]`: every skill of skein.lock from its source at its commit, digests checked. */
export async function installCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, installSpec.options);
  const dirs = await installFromLock(project(), positionals);
  if (values.json) process.stdout.write(JSON.stringify({ installed: dirs }) + '\n');
  else process.stderr.write(dirs.length ? `installed ${dirs.join(', ')}\n` : 'skein.lock lists no skills\n');
  return 0;
}
