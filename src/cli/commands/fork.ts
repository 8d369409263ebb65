import { parseCommandArgs } from '../args.js';
import { forkSpec } from '../specs/fork.js';
import { readInputArg } from '../input-arg.js';
import { UsageError } from '../usage-error.js';
import { runInTerminal } from './run-in-terminal.js';

/** `skein fork RUN_ID [--from STEP] [--input JSON] [--set PATH=JSON]... [--upgrade]`: a new run from a step of another. */
export async function forkCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, forkSpec.options);
  if (positionals.length !== 1) throw new UsageError('fork needs exactly one RUN_ID');
  const json = Boolean(values.json);
  const fork = {
    from: values.from,
    input: readInputArg(values.input),
    set: Object.fromEntries((values.set ?? []).map(setting)),
    upgrade: Boolean(values.upgrade),
  };
  return runInTerminal({ json, model: values.model }, (skein, run) => skein.fork(positionals[0], fork, run));
}

/** `PATH=JSON` as a path and its value. */
function setting(raw: string): [string, unknown] {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new UsageError(`--set needs PATH=JSON, not "${raw}"`);
  return [raw.slice(0, eq), readInputArg(raw.slice(eq + 1), `--set ${raw.slice(0, eq)}`)];
}
