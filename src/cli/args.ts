import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed values of a command's options: booleans for flags, strings for the rest. */
export type OptionValues<O extends Options> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** Parses a command's arguments strictly; unknown options become a UsageError. */
export function parseCommandArgs<O extends Options>(
  args: string[],
  options: O,
): { values: OptionValues<O>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: values as OptionValues<O>, positionals };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
