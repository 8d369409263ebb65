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

/** `skein convert`. */
export const convertSpec = defineCommand({
  name: 'convert',
  args: 'FILE',
  summary: 'a skill in another step dialect (aegis, agenticdsl), listing what cannot be carried',
  details: [
    'Writes the converted file to --out (or stdout) and lists each construct that was lost with its step.',
    'Exit 1 when something is lost, unless --allow-loss.',
  ],
  options: {
    to: {
      type: 'string',
      value: 'DIALECT',
      help: 'aegis, agenticdsl or skilljson',
      choices: ['aegis', 'agenticdsl', 'skilljson'],
    },
    out: { type: 'string', short: 'o', value: 'FILE', help: 'the file to write (default: stdout)' },
    'allow-loss': { type: 'boolean', help: 'write the file and exit 0 even when constructs are lost' },
  },
  completes: 'files',
});
