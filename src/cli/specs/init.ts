import { defineCommand } from '../command-spec.js';
import { DIALECT } from './shared-options.js';

/** `skein init`. */
export const initSpec = defineCommand({
  name: 'init',
  args: '[DIR]',
  summary: 'make a working skills folder: skein.yaml, a skill per dialect, cases.yaml',
  details: ['DIR defaults to the current folder; files that exist are left alone.'],
  options: {
    dialect: {
      ...DIALECT,
      multiple: true,
      help: 'scaffold only this dialect (repeatable; default all five)',
    },
  },
  completes: 'files',
});
