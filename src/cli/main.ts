import { SkeinError } from '../errors/index.js';
import { nearestNames } from '../text/did-you-mean.js';
import { SKEIN_VERSION } from '../version.js';
import { parseCommandArgs } from './args.js';
import { printError } from './print-error.js';
import { commandHelp, globalHelp } from './help.js';
import { COMMANDS } from './specs/index.js';
import { UsageError } from './usage-error.js';

/** Runs the command line and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name) return (void process.stderr.write(globalHelp(COMMANDS)), 2);
  if (name === '--help' || name === '-h') return (void process.stdout.write(globalHelp(COMMANDS)), 0);
  if (name === '--version' || name === '-v')
    return (void process.stdout.write(`skein ${SKEIN_VERSION}\n`), 0);
  if (name === 'help') return help(args);
  const json = wantsJson(args);
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const near = nearestNames(
      name,
      COMMANDS.map((c) => c.name),
      1,
    )[0];
    const message = `unknown command "${name}"${near ? `; did you mean "${near}"?` : ''}`;
    const guess = COMMANDS.find((c) => c.name === near);
    return fail(new UsageError(message), json, guess ? commandHelp(guess) : globalHelp(COMMANDS));
  }
  const spec = command.subcommands?.find((s) => s.name === `${name} ${args[0]}`) ?? command;
  const own = spec === command ? args : args.slice(1);
  if (own.slice(0, endOfOptions(own)).some((a) => a === '--help' || a === '-h'))
    return (void process.stdout.write(commandHelp(spec)), 0);
  try {
    parseCommandArgs(own, spec.options);
    return await (
      await command.load()
    )(args, COMMANDS);
  } catch (e) {
    return fail(e, json, commandHelp(spec), spec.name);
  }
}

/** `skein help [COMMAND [SUBCOMMAND]]`. */
function help(args: string[]): number {
  if (!args.length) return (void process.stdout.write(globalHelp(COMMANDS)), 0);
  const command = COMMANDS.find((c) => c.name === args[0]);
  const spec = command?.subcommands?.find((s) => s.name === args.join(' ')) ?? command;
  if (spec) return (void process.stdout.write(commandHelp(spec)), 0);
  const near = nearestNames(
    args[0],
    COMMANDS.map((c) => c.name),
    1,
  )[0];
  const guess = COMMANDS.find((c) => c.name === near);
  process.stderr.write(`skein help: no command "${args[0]}"${near ? `; did you mean "${near}"?` : ''}\n\n`);
  process.stderr.write(guess ? commandHelp(guess) : globalHelp(COMMANDS));
  return 2;
}

/**
 * Reports an error and returns its exit code from the catalog (docs/errors.md): a usage mistake with
 * the command's help, anything else by its message alone; with --json as `{"error": {"code", "message"}}`.
 */
function fail(e: unknown, json: boolean, usage: string, name?: string): number {
  const usageError = e instanceof UsageError;
  const known = e instanceof SkeinError ? e : undefined;
  const message = String((e as Error)?.message ?? e);
  const exit = printError(json, {
    code: known?.code ?? 'internal',
    message: json ? message : `skein${name ? ` ${name}` : ''}: ${message}`,
    ...(known?.fields ? { fields: known.fields } : {}),
    ...(known?.hint ? { hint: known.hint } : {}),
  });
  if (usageError && !json) process.stderr.write(`\n${usage}`);
  if (!usageError && process.env.SKEIN_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
  return exit;
}

/** Whether `--json` was given before any `--`. */
function wantsJson(args: string[]): boolean {
  return args.slice(0, endOfOptions(args)).includes('--json');
}

function endOfOptions(args: string[]): number {
  const i = args.indexOf('--');
  return i < 0 ? args.length : i;
}
