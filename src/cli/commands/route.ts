import { loadConfig } from '../../config/load-config.js';
import type { RouteResult } from '../../routing/index.js';
import { inputLimitProblem } from '../../runtime/index.js';
import { parseCommandArgs } from '../args.js';
import { routeSpec } from '../specs/route.js';
import { readInputArg } from '../input-arg.js';
import { colorFor } from '../style.js';
import { UsageError } from '../usage-error.js';
import { loadPersistedRouteIndex, loadRouteIndex } from './route-skills.js';

/**
 * `skein route "REQUEST"`: which skill of the skills path fits a request, or none, and why. With a model
 * (`--model`, or the configured one) the model chooses among the lexical candidates; with `--state` the
 * engine skills' rules rule out those that cannot run on that session state.
 */
export async function routeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, routeSpec.options);
  if (positionals.length !== 1 || !positionals[0].trim())
    throw new UsageError('route needs exactly one REQUEST, in quotes');
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new UsageError('--limit takes a whole number above 0');
  const state = readInputArg(values.state, '--state');
  if (state !== undefined && (typeof state !== 'object' || state === null || Array.isArray(state)))
    throw new UsageError('--state is a JSON object: the session state');
  const config = loadConfig();
  const tooBig = state === undefined ? undefined : inputLimitProblem(state, config.limits);
  if (tooBig) throw new UsageError(`--state is ${tooBig}`);
  const model = values.model ?? config.model;
  const llm = model
    ? (await import('../../host/index.js')).createLlmService(config, values.model)
    : undefined;
  if (llm) {
    try {
      await llm.check(model);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  // Rules need the skills' compiled conditions: with a session state, the index is built from the library.
  const planning = state !== undefined || values.context !== undefined;
  const index = planning ? await loadRouteIndex(config) : await loadPersistedRouteIndex(config);
  const result = await index.route(positionals[0], {
    limit,
    state: state as Record<string, unknown> | undefined,
    context: values.context,
    llm,
  });
  if (values.json) process.stdout.write(JSON.stringify(result) + '\n');
  else printRoute(result);
  return 0;
}

function printRoute(r: RouteResult): void {
  const c = colorFor(process.stdout);
  const lines = [
    r.choice
      ? `${c.green(c.bold(r.choice.id))}@${r.choice.version} ${c.dim(`${r.choice.dialect}, score ${r.choice.score}`)}`
      : c.yellow('no skill fits'),
    c.dim(r.why),
  ];
  if (r.candidates.length) lines.push('', 'candidates:');
  const width = Math.max(...r.candidates.map((x) => x.id.length));
  for (const x of r.candidates) lines.push(`  ${x.id.padEnd(width)}  ${x.score.toFixed(3)}  ${c.dim(x.why)}`);
  process.stdout.write(lines.join('\n') + '\n');
}
