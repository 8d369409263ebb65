import { defineCommand } from '../command-spec.js';
import { MODEL } from './shared-options.js';

/** `skein route`. */
export const routeSpec = defineCommand({
  name: 'route',
  args: '"REQUEST"',
  summary: 'which skill of the skills path fits a request (or none), and why',
  options: {
    limit: { type: 'string', value: 'N', help: 'candidates to show (default 5)' },
    model: { ...MODEL, help: 'let this model choose among the candidates' },
    state: { type: 'string', value: 'JSON|@file.json', help: 'the session state engine skills need' },
    context: {
      type: 'string',
      value: 'NAME',
      help: "the session's context (matter, consultation) for engine skills' triggers",
    },
  },
  completes: 'none',
});
