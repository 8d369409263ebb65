import type { RunRecord, RunStatus } from '../../runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { runsSpec } from '../specs/runs.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { listingArgs } from '../listing-args.js';
import { withSkein } from '../with-skein.js';

const STATUSES: readonly RunStatus[] = ['running', 'awaiting', 'completed', 'failed'];

/**
 * `skein runs [--status S] [--skill ID[@VERSION]] [--limit N] [--json]`: the store's runs, newest
 * first; `skein runs prune` deletes old finished ones.
 */
export async function runsCommand(argv: string[]): Promise<number> {
  if (argv[0] === 'prune') return (await import('./runs-prune.js')).runsPruneCommand(argv.slice(1));
  const { values, positionals } = parseCommandArgs(argv, runsSpec.options);
  if (positionals.length) throw new UsageError('runs takes no arguments; filter with --status and --skill');
  const { status, limit } = listingArgs(values, STATUSES);
  return withSkein(async (skein) => {
    const page = await skein.listRuns({ status, skill: values.skill, limit });
    if (values.json) {
      process.stdout.write(
        JSON.stringify({ runs: page.runs.map(summary), more: page.next !== undefined }) + '\n',
      );
      return 0;
    }
    process.stdout.write(table(page.runs, page.next !== undefined, { status, skill: values.skill }));
    return 0;
  });
}

/** What a listing shows of a run; `skein inspect` shows the rest. */
function summary(run: RunRecord) {
  return {
    id: run.id,
    skill: run.skill.id,
    version: run.skill.version,
    ...(run.skill.digest && { digest: run.skill.digest }),
    status: run.status,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    ...(run.error && { error: { code: run.error.code, message: run.error.message } }),
    ...(run.awaiting && { awaiting: run.awaiting.step }),
  };
}

function table(runs: RunRecord[], more: boolean, filters: { status?: string; skill?: string }): string {
  if (!runs.length) return `${noRuns(filters)}\n`;
  const c = colorFor(process.stdout);
  const paint = { completed: c.green, failed: c.red, awaiting: c.yellow, running: c.bold } as const;
  const lines = runs.map((r) => {
    const note = r.error ? ` ${c.dim(r.error.code)}` : r.awaiting ? ` ${c.dim(`at ${r.awaiting.step}`)}` : '';
    const when = r.createdAt.slice(0, 19).replace('T', ' ');
    return `${r.id}  ${when}  ${paint[r.status](r.status.padEnd(9))}  ${r.skill.id}@${r.skill.version}${note}`;
  });
  if (more) lines.push(c.dim(`… more: raise --limit (shown ${runs.length})`));
  return lines.join('\n') + '\n';
}

/** What an empty listing says, naming the filters it was asked with: "no runs with status running in this store". */
function noRuns({ status, skill }: { status?: string; skill?: string }): string {
  const named = [status && `with status ${status}`, skill && `of skill ${skill}`].filter(Boolean);
  return `no runs ${named.length ? `${named.join(' ')} ` : ''}in this store`;
}
