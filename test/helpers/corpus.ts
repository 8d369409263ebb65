import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The shared corpus of real skill files, present on developer and CI machines. */
export const CORPUS = process.env.SKEIN_CORPUS ?? join(import.meta.dirname, '../../../shared/corpus');

/** Whether the corpus is here; tests that need it skip with this notice otherwise. */
export const corpusSkip: string | false = existsSync(CORPUS)
  ? false
  : `corpus not found at ${CORPUS}; set SKEIN_CORPUS`;
