import { type PendingAwait } from '../../host/index.js';
import { parseCommandArgs } from '../args.js';
import { age, parseDuration } from '../duration.js';
import { awaitsSpec } from '../specs/awaits.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { withSkein } from '../with-skein.js';

/** `skein awaits [--skill ID] [--older-than DURATION] [--json]`: the pending questions, oldest first. */
export async function awaitsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, awaitsSpec.options);
  if (positionals.length)
    throw new UsageError('awaits takes no arguments; filter with --skill and --older-than');
  const olderThan = values['older-than'];
  const olderThanMs = olderThan === undefined ? undefined : parseDuration(olderThan, '--older-than');
  return withSkein(async (skein) => {
    const awaits = await skein.awaits({ skill: values.skill, olderThanMs });
    process.stdout.write(values.json ? JSON.stringify({ awaits }) + '\n' : table(awaits));
    return 0;
  });
}

function table(awaits: PendingAwait[]): string {
  if (!awaits.length) return 'no run awaits a person\n';
  const c = colorFor(process.stdout);
  const now = Date.now();
  const lines = awaits.map((a) => {
    const message = a.message.replace(/\s+/g, ' ').trim();
    const short = message.length > 80 ? `${message.slice(0, 79)}…` : message;
    return `${a.runId}  ${c.yellow(age(Date.parse(a.since), now).padStart(4))}  ${a.skill}@${a.version}  ${c.dim(`at ${a.step}`)}  ${short}`;
  });
  lines.push(c.dim(`answer one with: skein resume RUN_ID --input '{…}'`));
  return lines.join('\n') + '\n';
}
