import type { FileDialect } from '../dialect.js';
import { compileAegis } from './compile.js';

const HEADER = /^#[ \t]+skill[ \t]*[:：]/im;
const STEP_ATTRIBUTE = /^\*\*type\*\*[ \t]*[:：][ \t]*(?:tool|prompt|template|await)\b/m;
const AEGIS_SECTION = /^(?:##[ \t]+(?:steps|output_schema|input_schema)[ \t]*$|###[ \t]+step[ \t]*[:：])/m;

/** Aegis Markdown skills: a `# skill:` header, schemas in YAML and ordered steps. */
export const aegis: FileDialect = {
  name: 'aegis',
  claimsFile: (path, text) => path.endsWith('.md') && (HEADER.test(text) || AEGIS_SECTION.test(text)),
  loadFile: (path, text) => compileAegis(path, text),
  resembles: (path, text) =>
    path.endsWith('.md') && STEP_ATTRIBUTE.test(text)
      ? 'it has Aegis step attributes (**type**: …) but no "# skill: <id>" header or "## steps" section'
      : undefined,
};
export { aegisFieldsToSchema, type FieldProblem } from './field-schema.js';
export type { AegisCode } from './reporter.js';
