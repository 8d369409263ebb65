import type { Dialect } from './dialect.js';
import { aegis } from './aegis/index.js';

/** Every dialect Skein reads, in the order detection asks them. */
export const dialects: readonly Dialect[] = [aegis];

export type { Dialect, FileDialect, FolderDialect } from './dialect.js';
