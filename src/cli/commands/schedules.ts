import { type ScheduleView } from '../../host/index.js';
import { parseCommandArgs } from '../args.js';
import { schedulesSpec } from '../specs/schedules.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { withSkein } from '../with-skein.js';

/** `skein schedules [--json]`: each schedule of skein.yaml with its next three fire times. */
export async function schedulesCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, schedulesSpec.options);
  if (positionals.length) throw new UsageError('schedules takes no arguments');
  return withSkein(async (skein) => {
    const schedules = skein.schedules();
    if (values.json) process.stdout.write(JSON.stringify({ schedules }) + '\n');
    else process.stdout.write(table(schedules));
    return 0;
  });
}

function table(schedules: ScheduleView[]): string {
  if (!schedules.length) return 'no schedules: add them under schedules: in skein.yaml\n';
  const c = colorFor(process.stdout);
  const at = (iso: string) => iso.slice(0, 19).replace('T', ' ');
  return (
    schedules
      .map(
        (s) =>
          `${c.bold(s.id)}  ${s.skill}  ${c.dim(`${s.cron}${s.timezone ? ` (${s.timezone})` : ''}`)}\n` +
          `  next: ${s.next.map(at).join(', ')} UTC${s.catchUp === 'last' ? c.dim('  (catches up the last missed tick)') : ''}`,
      )
      .join('\n') + '\n'
  );
}
