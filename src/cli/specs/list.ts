import { defineCommand } from '../command-spec.js';

/** `skein list`. */
export const listSpec = defineCommand({
  name: 'list',
  args: '[PATH...]',
  summary: 'skills with their versions and dialects (default: the skills path)',
  options: {},
  completes: 'files',
});
