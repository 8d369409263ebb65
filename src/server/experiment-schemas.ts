import { z } from '@hono/zod-openapi';

// The shapes of experiments in the API (`skein eval`, docs/eval.md): the stored record, its cells and
// each case's result per column, and the changes against the baseline.

const VariantSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('skill') }),
    z.object({ kind: z.literal('without-skill') }),
    z.object({ kind: z.literal('version'), version: z.string() }),
    z.object({ kind: z.literal('ref'), ref: z.string() }),
  ])
  .openapi('ColumnVariant', { description: 'what a column runs besides its model' });

export const ExperimentSchema = z
  .object({
    id: z.string(),
    status: z.enum(['running', 'completed', 'failed']),
    paths: z.array(z.string()),
    trials: z.number().int(),
    columns: z.array(
      z.object({
        key: z.string(),
        model: z.string(),
        variant: VariantSchema,
        baseline: z
          .boolean()
          .optional()
          .openapi({ description: "the column its model's other columns are compared with" }),
      }),
    ),
    cases: z.array(
      z.object({
        key: z.string().openapi({ description: '`skill › name`' }),
        skill: z.string(),
        name: z.string(),
        file: z.string(),
        line: z.number().int(),
        passRate: z.number(),
      }),
    ),
    createdAt: z.string(),
    finishedAt: z.string().optional(),
  })
  .openapi('Experiment');

export const ExperimentListSchema = z
  .object({ experiments: z.array(ExperimentSchema), next: z.string().optional() })
  .openapi('ExperimentList');

const AssertionResultSchema = z
  .object({
    type: z.string(),
    pass: z.boolean(),
    score: z.number(),
    reason: z.string().optional(),
    judge: z.object({ model: z.string(), prompt: z.string() }).optional(),
  })
  .openapi('AssertionResult');

const CellSchema = z
  .object({
    experimentId: z.string(),
    case: z.string(),
    column: z.string(),
    trial: z.number().int(),
    runId: z.string().optional(),
    status: z.string(),
    passed: z.boolean(),
    assertions: z.array(AssertionResultSchema),
    error: z.string().optional(),
    output: z.unknown().optional(),
    ms: z.number(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    costUsd: z.number().optional(),
  })
  .openapi('ExperimentCell', {
    description: 'one trial of a case in a column: its run and what the assertions found',
  });

const ResultSchema = z
  .object({
    case: z.string(),
    column: z.string(),
    trials: z.number().int(),
    passes: z.number().int(),
    passRate: z.number(),
    passed: z.boolean(),
    ms: z.number(),
    tokens: z.number(),
    costUsd: z.number().optional(),
    runIds: z.array(z.string()),
    failures: z.array(z.string()),
  })
  .openapi('ExperimentResult', { description: 'how a case did in a column over its trials' });

const DeltaSchema = z
  .object({
    case: z.string(),
    column: z.string(),
    baseline: z.string(),
    passRate: z.number(),
    baselinePassRate: z.number(),
    delta: z.number(),
    regression: z.boolean(),
    fixed: z.boolean(),
    msDelta: z.number(),
    costDelta: z.number().optional(),
  })
  .openapi('ExperimentDelta', { description: "a case in a column against its model's baseline column" });

export const ExperimentDetailSchema = z
  .object({
    experiment: ExperimentSchema,
    results: z.array(ResultSchema),
    cells: z.array(CellSchema),
    deltas: z.array(DeltaSchema),
  })
  .openapi('ExperimentDetail');
