import { defineCommand } from '../command-spec.js';

/** `skein doctor`. */
export const doctorSpec = defineCommand({
  name: 'doctor',
  args: '',
  summary: 'what is installed, what each missing optional part would enable, and the configuration',
  details: [
    'Checks Node, the embedded SQLite store and tsx (TypeScript tools), then each optional part:',
    'OTLP trace export, Python codelets (Pyodide) and exact token counts (gpt-tokenizer).',
    'Exits 1 when a part Skein needs is broken; a missing optional part is not an error.',
  ],
  options: {},
  completes: 'none',
});
