import { parseArgs } from 'node:util';
import { nearestNames } from '../text/did-you-mean.js';
import type { OptionSpec, OptionSpecs } from './command-spec.js';
import { UsageError } from './usage-error.js';

/** The parsed values of a command's options: booleans for flags, lists for repeatable options, strings for the rest. */
export type OptionValues<O extends OptionSpecs> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K] extends { multiple: true }
      ? string[]
      : string;
};

/** Parses a command's arguments strictly; an unknown or misused option becomes a UsageError with a "did you mean". */
export function parseCommandArgs<O extends OptionSpecs>(
  args: string[],
  options: O,
): { values: OptionValues<O>; positionals: string[] } {
  const config: Record<string, Pick<OptionSpec, 'type' | 'multiple' | 'short'>> = {};
  for (const [name, o] of Object.entries(options))
    config[name] = {
      type: o.type,
      ...(o.multiple && { multiple: true }),
      ...(o.short && { short: o.short }),
    };
  try {
    const { values, positionals } = parseArgs({
      args,
      options: config,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as OptionValues<O>, positionals };
  } catch (e) {
    throw new UsageError(explain(e as Error & { code?: string }, args, options));
  }
}

/** Node's parse error in the command line's words: the option, what is wrong, the nearest known option. */
function explain(e: Error & { code?: string }, args: string[], options: OptionSpecs): string {
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = args.find((a) => e.message.includes(`'${a.split('=')[0]}'`))?.split('=')[0] ?? '';
    const near = nearestNames(given.replace(/^-+/, ''), Object.keys(options), 1)[0];
    return `unknown option ${given || e.message}${near ? `; did you mean --${near}?` : ''}`;
  }
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const long = /--([\w-]+)/.exec(e.message)?.[1];
    const name = `--${long}`;
    const spec = long ? options[long] : undefined;
    if (spec && spec.type === 'string') return `${name} needs a value: ${name} ${spec.value ?? 'VALUE'}`;
    if (spec) return `${name} takes no value`;
  }
  return e.message;
}
