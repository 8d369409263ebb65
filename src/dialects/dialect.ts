import type { FileSource } from '../ir/file-source.js';
import type { DialectName, LoadResult } from '../ir/skill.js';

/** A dialect whose skills live one per file (Aegis, AgenticDSL, a single SKILL.md). */
export interface FileDialect {
  name: DialectName;
  /**
   * Whether this file's name and content belong to the dialect. `named` is true for a file the user
   * named, false for one met while walking a folder (where a dialect may claim less). Other files
   * are looked at through `files` only.
   */
  claimsFile(path: string, text: string, named: boolean, files: FileSource): boolean;
  /** Compiles a file's text; its companions (a skill folder's other files) are read from `files`. */
  loadFile(path: string, text: string, files: FileSource): LoadResult;
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
  /** Compiles the skill folder at `path`, reading its files from `files`. */
  loadFolder(path: string, files: FileSource): Promise<LoadResult>;
}

export type Dialect = FileDialect | FolderDialect;
