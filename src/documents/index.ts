export { DocLookupError } from './errors.js';
export { findDocSkill, findDocPart, loadDocChunk } from './load-part.js';
export { headingLevel, sectionIds, type HeadingLevel } from './levels.js';
export { catalogView, groupByFolder } from './catalog.js';
export { docTokens, docTokensAll, saving, type DocTokens } from './token-stats.js';
export {
  generateSkillDoc,
  checkGenerated,
  GenerateError,
  type GenerateOptions,
  type GeneratedDoc,
} from './generate/generate-doc.js';
export { skillFacts } from './generate/skill-facts.js';
export { statsTable, type StatsTotals } from './stats-table.js';
export { CHUNK_TOOL_NAME, chunkToolSpec } from './chunk-tool.js';
