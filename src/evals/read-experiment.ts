import type { CellRecord, ExperimentRecord, ExperimentStore } from './experiment.js';
import { summarize, type CaseColumnResult } from './summary.js';

/** A stored experiment with its cells and its results per case and column. */
export interface StoredExperiment {
  experiment: ExperimentRecord;
  cells: CellRecord[];
  results: CaseColumnResult[];
}

/** Reads an experiment by id or unique prefix, with its cells folded into results; undefined when there is none. */
export async function readExperiment(
  store: ExperimentStore,
  idOrPrefix: string,
): Promise<StoredExperiment | undefined> {
  const experiment = await store.get(idOrPrefix);
  if (!experiment) return undefined;
  const cells = await store.cells(experiment.id);
  return { experiment, cells, results: summarize(experiment, cells) };
}
