import { defineCommand } from '../command-spec.js';

/** `skein pack`. */
export const packSpec = defineCommand({
  name: 'pack',
  args: 'SKILL',
  summary: "write a skill folder's files as NAME.tar.gz, the archive a discovery index's package names",
  details: [
    'SKILL: a skill folder or file, or a skill id of the skills path.',
    'The archive is reproducible (files sorted, fixed times); its digest and each file’s are printed.',
  ],
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      help: 'the folder to write the archive in (default: .)',
    },
  },
  completes: 'files',
});
