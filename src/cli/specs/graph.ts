import { defineCommand } from '../command-spec.js';
import { MODEL } from './shared-options.js';

/** `skein graph generate`. */
export const graphGenerateSpec = defineCommand({
  name: 'graph generate',
  args: '"<task>"',
  summary: 'ask the model for an AgenticDSL graph, check it, send errors back until valid',
  options: {
    out: { type: 'string', value: 'FILE', help: 'the file to write (default graph.agent.md)' },
    attempts: {
      type: 'string',
      value: 'N',
      help: 'answers to ask for until one is valid (default 3, at most 10)',
    },
    model: MODEL,
    force: { type: 'boolean', help: 'overwrite --out if it exists' },
  },
  completes: 'none',
});

/** `skein graph` and `skein graph generate`. */
export const graphSpec = defineCommand({
  name: 'graph',
  args: 'SKILL',
  summary: "a skill's graph: nodes and edges, or a Mermaid flowchart",
  options: {
    mermaid: { type: 'boolean', help: 'print a Mermaid flowchart' },
  },
  subcommands: [graphGenerateSpec],
  completes: 'files',
});
