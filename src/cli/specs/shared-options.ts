import { DIALECT_NAMES } from '../../ir/skill.js';
import type { OptionSpec } from '../command-spec.js';

/** Options several commands share, so their help reads the same everywhere. */
export const MODEL = {
  type: 'string',
  value: 'provider:model',
  help: 'the model for this command, over SKEIN_MODEL and skein.yaml',
} as const satisfies OptionSpec;
export const INPUT = {
  type: 'string',
  value: 'JSON|@file.json',
  help: 'the input: inline JSON or @ and a JSON file',
} as const satisfies OptionSpec;
export const YES = {
  type: 'boolean',
  short: 'y',
  help: 'write without asking',
} as const satisfies OptionSpec;
export const DIALECT = {
  type: 'string',
  value: 'NAME',
  help: `read files as this dialect only (${DIALECT_NAMES.join(', ')})`,
  choices: DIALECT_NAMES,
} as const satisfies OptionSpec;
