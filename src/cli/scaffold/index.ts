import type { DialectName } from '../../ir/skill.js';
import { AEGIS_FILES } from './aegis.js';
import { AGENTICDSL_FILES } from './agenticdsl.js';
import { ENGINE_FILES } from './engine.js';
import { SKILLDOC_FILES } from './skilldoc.js';
import { SKILLJSON_FILES } from './skilljson.js';

/** The files `skein init` writes for each dialect, by path inside the new folder. */
export const SCAFFOLDS: Record<DialectName, Record<string, string>> = {
  aegis: AEGIS_FILES,
  skilljson: SKILLJSON_FILES,
  agenticdsl: AGENTICDSL_FILES,
  engine: ENGINE_FILES,
  skilldoc: SKILLDOC_FILES,
};

/** skein.yaml for a new folder: the skills paths of the chosen dialects, and the schema for editors. */
export function scaffoldConfig(dialects: readonly DialectName[]): string {
  const paths = [
    ...(dialects.some((d) => d !== 'engine') ? ['./skills'] : []),
    ...(dialects.includes('engine') ? ['./.skills'] : []),
  ];
  return `# yaml-language-server: $schema=./node_modules/skein/schema/skein.schema.json
# Skein's configuration (every key: the README, "Configuration"). Relative paths resolve against this file.
skills:
${paths.map((p) => `  - ${p}`).join('\n')}
# Runs and other state; delete it to forget every run.
home: ./.skein
# The model for prompt steps and agents, as provider:model (or set SKEIN_MODEL), e.g.
# model: openai:gpt-4o-mini
`;
}
