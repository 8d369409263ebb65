// Skills between formats (docs/distribution.md, "Export" and "Convert"): from the IR, one writer per format.
export { agentSkillName, exportAgentSkill, ORIGINAL_DIR, type FileMap } from './agent-skills.js';
export { convertSkill, CONVERT_TARGETS, type ConvertTarget } from './convert.js';
export type { Loss } from './chain.js';
