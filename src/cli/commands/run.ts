import { DIALECT_NAMES, type DialectName } from '../../ir/skill.js';
import { parseCommandArgs } from '../args.js';
import { runSpec } from '../specs/run.js';
import { readInputArg } from '../input-arg.js';
import { UsageError } from '../usage-error.js';
import { runInTerminal } from './run-in-terminal.js';

/** `skein run SKILL`: runs a skill until it completes, pauses for a person, or fails. */
export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, runSpec.options);
  const request = values.route;
  if (request !== undefined) {
    if (positionals.length || !request.trim())
      throw new UsageError('run --route takes a REQUEST in quotes instead of a SKILL');
    const given = readInputArg(values.input) ?? {};
    if (typeof given !== 'object' || given === null || Array.isArray(given))
      throw new UsageError('--input is a JSON object of input fields');
    const json = Boolean(values.json);
    // The router (and its stemmer and stop words) loads only for --route.
    const { runRouted } = await import('./run-routed.js');
    return runInTerminal({ json, model: values.model }, (skein, run) =>
      runRouted(skein, request, given as Record<string, unknown>, { json, model: values.model, run }),
    );
  }
  if (positionals.length !== 1) throw new UsageError('run needs exactly one SKILL');
  const dialect = values.dialect as DialectName | undefined;
  if (dialect && !DIALECT_NAMES.includes(dialect)) throw new UsageError(`unknown dialect "${dialect}"`);
  const input = readInputArg(values.input) ?? {};
  const json = Boolean(values.json);
  const idempotencyKey = values['idempotency-key'];
  if (idempotencyKey !== undefined && !idempotencyKey.trim())
    throw new UsageError('--idempotency-key takes a KEY that is not empty');
  const webhook = values.webhook;
  if (webhook !== undefined && !/^https?:\/\/./.test(webhook))
    throw new UsageError(`--webhook takes an http or https URL, not "${webhook}"`);
  // Loaded only for --detach: it spawns a process, and a run in the terminal need not load child_process.
  if (values.detach)
    return (await import('./run-detached.js')).runDetached(positionals[0], input, {
      dialect,
      model: values.model,
      json,
      idempotencyKey,
      webhook,
    });
  return runInTerminal({ json, model: values.model }, async (skein, run) =>
    skein.run(await skein.skills.resolve(positionals[0], { dialect }), input, {
      ...run,
      idempotencyKey,
      webhook,
    }),
  );
}
