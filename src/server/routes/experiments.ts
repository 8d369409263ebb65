import { createRoute, z } from '@hono/zod-openapi';
import { deltasWithin, readExperiment, type CellRecord, type ExperimentRecord } from '../../evals/index.js';
import { redactPaths } from '../../text/redact-paths.js';
import { SkeinError } from '../../errors/index.js';
import { ExperimentDetailSchema, ExperimentListSchema } from '../experiment-schemas.js';
import type { ExperimentReader } from '../experiment-reader.js';
import { newOpenApiApp } from '../openapi-app.js';
import { documentedError } from '../schemas.js';

const listExperiments = createRoute({
  method: 'get',
  path: '/experiments',
  operationId: 'listExperiments',
  summary: 'Experiments (`skein eval`), newest first',
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(200).default(20),
      cursor: z.string().optional().openapi({ description: 'the `next` of the previous page' }),
    }),
  },
  responses: {
    200: {
      description: 'a page of experiments; `next` is the cursor of the next page',
      content: { 'application/json': { schema: ExperimentListSchema } },
    },
    400: documentedError('a bad query'),
  },
});

const getExperiment = createRoute({
  method: 'get',
  path: '/experiments/{id}',
  operationId: 'getExperiment',
  summary:
    'One experiment: its cells (each with its run), each case per column, and the changes against the baseline',
  request: {
    params: z.object({
      id: z.string().openapi({
        param: { name: 'id', in: 'path' },
        description: "the experiment's id, or a unique prefix of it",
      }),
    }),
  },
  responses: {
    200: {
      description: 'the experiment',
      content: { 'application/json': { schema: ExperimentDetailSchema } },
    },
    400: documentedError('`experiment_ambiguous`: several experiments start with the prefix given'),
    404: documentedError('no such experiment'),
  },
});

/** `GET /v1/experiments` and `GET /v1/experiments/{id}` (docs/http-api.md, docs/eval.md). */
export function experimentRoutes(reader: ExperimentReader, root: string) {
  return newOpenApiApp()
    .openapi(listExperiments, async (c) => {
      const page = await (await reader.store()).list(c.req.valid('query'));
      return c.json({ ...page, experiments: page.experiments.map((e) => experimentView(e, root)) }, 200);
    })
    .openapi(getExperiment, async (c) => {
      const { id } = c.req.valid('param');
      let found;
      try {
        found = await readExperiment(await reader.store(), id);
      } catch (e) {
        if ((e as { code?: string }).code === 'experiment_ambiguous')
          throw new SkeinError('experiment_ambiguous', (e as Error).message);
        throw e;
      }
      if (!found) throw new SkeinError('experiment_not_found', `no experiment ${id} in this store`);
      return c.json(
        {
          experiment: experimentView(found.experiment, root),
          results: found.results,
          cells: found.cells.map((cell) => cellView(cell, root)),
          deltas: deltasWithin(found),
        },
        200,
      );
    });
}

/** An experiment with its paths shown relative to the server's folder. */
function experimentView(e: ExperimentRecord, root: string): ExperimentRecord {
  return {
    ...e,
    paths: e.paths.map((p) => redactPaths(p, root)),
    cases: e.cases.map((k) => ({ ...k, file: redactPaths(k.file, root) })),
  };
}

function cellView(cell: CellRecord, root: string): CellRecord {
  return cell.error ? { ...cell, error: redactPaths(cell.error, root) } : cell;
}
