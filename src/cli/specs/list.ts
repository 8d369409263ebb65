import { defineCommand } from '../command-spec.js';

/** `skein list`. */
export const listSpec = defineCommand({
  name: 'list',
  args: '[PATH...]',
  summary: 'skills with their versions, dialects and whether they need a model (default: the skills path)',
  options: {},
  completes: 'files',
});
