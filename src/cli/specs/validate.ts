import { defineCommand } from '../command-spec.js';
import { DIALECT } from './shared-options.js';

/** `skein validate`. */
export const validateSpec = defineCommand({
  name: 'validate',
  args: 'PATH...',
  summary: 'check skill files and folders; exit 0 clean, 1 errors',
  details: [
    'One line per finding (file:line:col: severity code message), then a summary.',
    'Calls between the skills validated together are checked too.',
  ],
  options: {
    strict: { type: 'boolean', help: 'warnings count as errors' },
    dialect: DIALECT,
    verbose: { type: 'boolean', help: 'also name each skill found and each file skipped' },
    watch: { type: 'boolean', help: 'check again whenever a file under PATH changes (Ctrl-C ends)' },
  },
  completes: 'files',
});
