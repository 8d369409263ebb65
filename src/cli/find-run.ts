import type { Skein } from '../host/index.js';
import { runNotFound, RunRefused, type RunRecord } from '../runtime/index.js';
import { printError } from './print-error.js';

/** The run a RUN_ID (or a unique prefix of 8+ characters) names; otherwise says why and returns undefined. */
export async function findRunOrSay(
  skein: Skein,
  idOrPrefix: string,
  json: boolean,
): Promise<RunRecord | undefined> {
  try {
    const run = await skein.findRun(idOrPrefix);
    if (!run) throw runNotFound(idOrPrefix);
    return run;
  } catch (e) {
    if (!(e instanceof RunRefused)) throw e;
    printError(json, e);
    return undefined;
  }
}
