import { defineCommand } from '../command-spec.js';
import { MODEL } from './shared-options.js';

/** `skein chat`. */
export const chatSpec = defineCommand({
  name: 'chat',
  args: '',
  summary: 'talk to a model that calls every loaded skill as a function',
  details: [
    'Interactive on a terminal (/exit or Ctrl-D ends it); one turn per --message in scripts;',
    'lines from a pipe otherwise. --json prints the transcript.',
  ],
  options: {
    message: { type: 'string', multiple: true, value: 'TEXT', help: 'one turn (repeatable)' },
    skills: {
      type: 'string',
      multiple: true,
      value: 'PATH',
      help: 'skills to offer (repeatable; default the skills path)',
    },
    model: MODEL,
    'max-steps': { type: 'string', value: 'N', help: 'model steps per turn before it stops (default 8)' },
    'max-functions': {
      type: 'string',
      value: 'N',
      help: 'with more skills than this (default 16), the router picks those offered',
    },
  },
  completes: 'none',
});
