import type { DialectName, LoadResult } from '../ir/skill.js';

/** A dialect whose skills live one per file (Aegis, AgenticDSL, a single SKILL.md). */
export interface FileDialect {
  name: DialectName;
  /**
   * Whether this file's name and content belong to the dialect. `named` is true for a file the user
   * named, false for one met while walking a folder (where a dialect may claim less).
   */
  claimsFile(path: string, text: string, named: boolean): boolean;
  loadFile(path: string, text: string): LoadResult;
  /**
   * For a file the dialect does not claim: why it still looks like one of its skills, and what would make
   * it load (folder walks name such files instead of skipping them silently); undefined when it does not.
   */
  resembles?(path: string, text: string): string | undefined;
  /**
   * For a file met in a folder walk that the dialect does not claim there but would read if it were
   * named: why it was passed over (`validate --verbose` says so, without a warning).
   */
  passedOver?(path: string, text: string): string | undefined;
}

/** A dialect whose skills are folders (skill.json, engine skill folders, Agent Skills). */
export interface FolderDialect {
  name: DialectName;
  /** Whether this folder, given its entry names, is a skill (or a folder of skills) of the dialect. */
  claimsFolder(path: string, entries: readonly string[]): boolean;
  loadFolder(path: string): Promise<LoadResult>;
}

export type Dialect = FileDialect | FolderDialect;
