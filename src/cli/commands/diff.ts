import type { RunDiff, StepState } from '../../host/index.js';
import { RunRefused } from '../../runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { printError } from '../print-error.js';
import { diffSpec } from '../specs/diff.js';
import { colorFor, type Style } from '../style.js';
import { UsageError } from '../usage-error.js';
import { withSkein } from '../with-skein.js';

/** `skein diff RUN_A RUN_B [--json]`: two runs side by side, step by step. */
export async function diffCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, diffSpec.options);
  if (positionals.length !== 2) throw new UsageError('diff needs two run ids: RUN_A RUN_B');
  const json = Boolean(values.json);
  return withSkein(async (skein) => {
    try {
      const diff = await skein.diff(positionals[0], positionals[1]);
      process.stdout.write(json ? JSON.stringify(diff) + '\n' : formatDiff(diff, colorFor(process.stdout)));
      return 0;
    } catch (e) {
      if (!(e instanceof RunRefused)) throw e;
      return printError(json, e);
    }
  });
}

/** The diff as text: the two runs, then one line per step (`~` differs, `-` only in A, `+` only in B). */
export function formatDiff(diff: RunDiff, c: Style): string {
  const head = (label: string, s: RunDiff['a']) =>
    `${label} ${s.runId}  ${s.skill}@${s.version}  ${s.status}` +
    (s.forkedFrom ? c.dim(`  forked from ${s.forkedFrom.run} at "${s.forkedFrom.step}"`) : '');
  const lines = [head('A', diff.a), head('B', diff.b)];
  if (diff.changed.includes('input')) lines.push(`input   ${brief(diff.a.input)} → ${brief(diff.b.input)}`);
  lines.push('');
  const width = Math.max(4, ...diff.steps.map((s) => s.step.length));
  for (const s of diff.steps) {
    const mark = !s.a ? c.green('+') : !s.b ? c.red('-') : s.changed.length ? c.yellow('~') : ' ';
    const what = s.changed.map((k) => `${k} ${describe(s.a, k)} → ${describe(s.b, k)}`).join('; ');
    lines.push(`${mark} ${s.step.padEnd(width)}  ${what || c.dim('same')}`);
  }
  lines.push('');
  if (diff.changed.includes('output'))
    lines.push(`output  ${brief(diff.a.output)} → ${brief(diff.b.output)}`);
  lines.push(diff.changed.length || diff.steps.some((s) => s.changed.length) ? '' : 'the runs do not differ');
  return lines.join('\n').replace(/\n+$/, '\n');
}

function describe(state: StepState | undefined, key: 'status' | 'input' | 'output'): string {
  if (!state) return '(none)';
  return key === 'status' ? state.status : brief(state[key]);
}

function brief(v: unknown): string {
  const s = v === undefined ? '(none)' : (JSON.stringify(v) ?? '');
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
