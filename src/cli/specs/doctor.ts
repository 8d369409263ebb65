import { defineCommand } from '../command-spec.js';

/** `skein doctor`. */
export const doctorSpec = defineCommand({
  name: 'doctor',
  args: '',
  summary: 'what is installed, what each missing optional part would enable, and the configuration',
  details: [
    'Checks Node and the embedded SQLite store, then each optional part: PostgreSQL and workers,',
    'TypeScript modules (tsx), OTLP trace export, Python codelets (Pyodide), exact token counts.',
    'Exits 1 when a part Skein needs is broken; a missing optional part is not an error.',
  ],
  options: {},
  completes: 'none',
});
