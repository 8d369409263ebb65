import type { Dialect } from './dialect.js';
import { aegis } from './aegis/index.js';
import { agenticdsl } from './agenticdsl/index.js';
import { engine } from './engine-skills/index.js';
import { skilldocFile, skilldocFolder } from './skilldoc/index.js';
import { skilljson } from './skilljson/index.js';

/** Every dialect Skein reads, in the order detection asks them. */
// The skill-doc dialects stay last: an Aegis or AgenticDSL file may carry a name/description
// frontmatter too, and skill.json and engine folders may hold a SKILL.md.
export const dialects: readonly Dialect[] = [
  skilljson,
  aegis,
  agenticdsl,
  engine,
  skilldocFile,
  skilldocFolder,
];

export type { Dialect, FileDialect, FolderDialect } from './dialect.js';
