import { defineCommand } from '../command-spec.js';
import { DIALECT, MODEL } from './shared-options.js';

/** `skein docs generate`. */
export const docsGenerateSpec = defineCommand({
  name: 'docs generate',
  args: 'SKILL',
  summary: 'write a chunked SKILL.md for a skill of any dialect with the configured model',
  options: {
    out: { type: 'string', value: 'FILE', help: 'write here instead of printing' },
    attempts: { type: 'string', value: 'N', help: 'answers to ask for until one is valid (default 3)' },
    model: MODEL,
    dialect: DIALECT,
  },
  completes: 'files',
});

/** `skein docs` and `skein docs generate`. */
export const docsSpec = defineCommand({
  name: 'docs',
  args: 'SKILL | --stats PATH...',
  summary: 'a document skill as an agent sees it: summary, a chunk, a heading level; token counts',
  options: {
    summary: { type: 'boolean', help: 'the summary an agent sees first (the default)' },
    chunk: { type: 'string', value: 'ID', help: 'one chunk or reference file (with --level: a section)' },
    level: {
      type: 'string',
      value: '1|2|3',
      help: 'the document down to this heading level',
      choices: ['1', '2', '3'],
    },
    stats: { type: 'boolean', help: 'tokens of every document skill under PATH: full body and summary' },
    dialect: DIALECT,
  },
  subcommands: [docsGenerateSpec],
  completes: 'files',
});
