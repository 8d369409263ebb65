import { z } from '@hono/zod-openapi';
import type { Skein } from '../../host/index.js';
import { runNotFound, type RunRecord } from '../../runtime/index.js';
import { documentedError } from '../schemas.js';

/** The `{runId}` of a path: a run's id, or a unique prefix of it. */
export const RunIdParam = z.object({
  runId: z.string().openapi({
    param: { name: 'runId', in: 'path' },
    description: "the run's id, or a unique prefix of it of 8 characters or more",
  }),
});

/** The answer to a prefix that several runs start with. */
export const ambiguousRunResponse = documentedError(
  '`run_ambiguous`: several runs start with the prefix given; the message names them',
);

/** The run a path names by its id or a unique prefix: 404 when none, 400 `run_ambiguous` when several. */
export async function runNamed(skein: Skein, runId: string): Promise<RunRecord> {
  const run = await skein.findRun(runId);
  if (!run) throw runNotFound(runId);
  return run;
}
