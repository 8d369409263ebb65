import { defineCommand } from '../command-spec.js';

/** `skein export`. */
export const exportSpec = defineCommand({
  name: 'export',
  args: 'SKILL',
  summary:
    'an executable skill of any dialect as an Agent Skills folder (SKILL.md, scripts that run it with Skein)',
  details: [
    'SKILL: a skill file or folder, or id[@version] of the skills path. The folder is written as DIR/NAME:',
    'SKILL.md (instructions from its description, schemas and steps), scripts/run.sh and scripts/resume.sh,',
    'and the original files under assets/original/.',
  ],
  options: {
    to: {
      type: 'string',
      value: 'FORMAT',
      help: 'the format to export to: agent-skills',
      choices: ['agent-skills'],
    },
    out: {
      type: 'string',
      short: 'o',
      value: 'DIR',
      help: 'the folder to write the skill folder in (default: .)',
    },
    force: { type: 'boolean', help: 'replace the skill folder if it exists' },
  },
  completes: 'files',
});
