import type { Skein } from '../host/index.js';
import { RunRefused, type RunRecord } from '../runtime/index.js';
import { printError } from './print-error.js';

/** The run a RUN_ID (or a unique prefix of 8+ characters) names; otherwise says why and returns undefined. */
export async function findRunOrSay(
  skein: Skein,
  idOrPrefix: string,
  json: boolean,
): Promise<RunRecord | undefined> {
  try {
    const run = await skein.findRun(idOrPrefix);
    if (!run) {
      const hint = idOrPrefix.length < 8 ? ' (a shortened id needs at least 8 characters)' : '';
      printError(json, { code: 'run_not_found', message: `no run ${idOrPrefix} in this store${hint}` });
    }
    return run;
  } catch (e) {
    if (!(e instanceof RunRefused)) throw e;
    printError(json, e);
    return undefined;
  }
}
