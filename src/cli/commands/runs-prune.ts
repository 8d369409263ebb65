import { durationMs } from '../../config/duration.js';
import { type PruneReport } from '../../host/index.js';
import { parseCommandArgs } from '../args.js';
import { runsPruneSpec } from '../specs/runs.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { withSkein } from '../with-skein.js';

/** `skein runs prune [--older-than AGE] [--status S] [--dry-run] [--json]`: retention by hand. */
export async function runsPruneCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, runsPruneSpec.options);
  if (positionals.length) throw new UsageError('runs prune takes no arguments');
  const age = values['older-than'];
  const olderThanMs = age === undefined ? undefined : durationMs(age);
  if (age !== undefined && olderThanMs === undefined)
    throw new UsageError(`--older-than takes an age like 0s, 90s, 15m, 24h or 30d, not "${age}"`);
  const status = values.status as 'completed' | 'failed' | undefined;
  if (status !== undefined && status !== 'completed' && status !== 'failed')
    throw new UsageError(
      `--status is completed or failed (running and awaiting runs are never pruned), not "${status}"`,
    );
  const dryRun = Boolean(values['dry-run']);
  return withSkein(async (skein) => {
    const report = await skein.prune({ olderThanMs, status, dryRun });
    process.stdout.write(values.json ? JSON.stringify({ ...report, dryRun }) + '\n' : text(report, dryRun));
    return 0;
  });
}

/** One line per run removed (or, dry, that would be), then the totals. */
function text(report: PruneReport, dryRun: boolean): string {
  const c = colorFor(process.stdout);
  const verb = dryRun ? 'would remove' : 'removed';
  const lines = report.runs.map(
    (r) =>
      `${c.dim(verb)} ${r.id}  ${r.updatedAt.slice(0, 19).replace('T', ' ')}  ${r.status.padEnd(9)}  ${r.skill}@${r.version}${r.parentRunId ? c.dim(` (child of ${r.parentRunId})`) : ''}`,
  );
  const n = report.runs.length;
  const snapshots = dryRun
    ? ''
    : `, and ${report.sources} skill snapshot${report.sources === 1 ? '' : 's'} no run refers to`;
  lines.push(`${dryRun ? 'would remove' : 'removed'} ${n} run${n === 1 ? '' : 's'}${snapshots}`);
  return lines.join('\n') + '\n';
}
