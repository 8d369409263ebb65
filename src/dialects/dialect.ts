import type { DialectName, LoadResult } from '../ir/skill.js';

/** A dialect whose skills live one per file (Aegis, AgenticDSL, a single SKILL.md). */
export interface FileDialect {
  name: DialectName;
  /** Whether this file's name and content belong to the dialect. */
  claimsFile(path: string, text: string): boolean;
  loadFile(path: string, text: string): LoadResult;
  /**
   * For a file the dialect does not claim: why it still looks like one of its skills, and what would make
   * it load (folder walks name such files instead of skipping them silently); undefined when it does not.
   */
  resembles?(path: string, text: string): string | undefined;
}

/** A dialect whose skills are folders (skill.json, engine skill folders, Agent Skills). */
export interface FolderDialect {
  name: DialectName;
  /** Whether this folder, given its entry names, is a skill (or a folder of skills) of the dialect. */
  claimsFolder(path: string, entries: readonly string[]): boolean;
  loadFolder(path: string): Promise<LoadResult>;
}

export type Dialect = FileDialect | FolderDialect;
