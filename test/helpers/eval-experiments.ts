// An experiment stored by the built `skein eval`, for the integration tests that read it back.
import assert from 'node:assert/strict';
import { skein } from './cli.js';

/**
 * `skein eval` of the versions fixture (one case; version 2.0.0 is a regression) against `modelsUrl`,
 * in `home`: the stored experiment's id (the command exits 1: the regression fails its case).
 */
export async function storeVersionsExperiment(home: string, modelsUrl: string): Promise<string> {
  const env = { SKEIN_HOME: home, SKEIN_BASE_URL: modelsUrl };
  const r = await skein(
    [
      'eval',
      'test/fixtures/evals/versions',
      '--model',
      'compat:fr-good',
      '--versions',
      '1.0.0,2.0.0',
      '--json',
    ],
    { env },
  );
  assert.equal(r.code, 1, r.stderr);
  return JSON.parse(r.stdout).experiment.id as string;
}
