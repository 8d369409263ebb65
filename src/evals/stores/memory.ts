import {
  ExperimentAmbiguous,
  type CellRecord,
  type ExperimentPage,
  type ExperimentRecord,
  type ExperimentStore,
} from '../experiment.js';

/** Experiments kept in memory (the `memory` store): nothing survives the process. */
export class MemoryExperimentStore implements ExperimentStore {
  private readonly experiments: ExperimentRecord[] = [];
  private readonly cellsOf = new Map<string, CellRecord[]>();

  async create(experiment: ExperimentRecord): Promise<void> {
    this.experiments.push(structuredClone(experiment));
    this.cellsOf.set(experiment.id, []);
  }

  async addCells(cells: readonly CellRecord[]): Promise<void> {
    for (const cell of cells) this.cellsOf.get(cell.experimentId)?.push(structuredClone(cell));
  }

  async finish(id: string, status: ExperimentRecord['status'], finishedAt: string): Promise<void> {
    const found = this.experiments.find((e) => e.id === id);
    if (found) Object.assign(found, { status, finishedAt });
  }

  async get(idOrPrefix: string): Promise<ExperimentRecord | undefined> {
    const exact = this.experiments.find((e) => e.id === idOrPrefix);
    if (exact) return structuredClone(exact);
    const matches = this.experiments.filter((e) => e.id.startsWith(idOrPrefix));
    if (matches.length > 1)
      throw new ExperimentAmbiguous(
        idOrPrefix,
        matches.map((e) => e.id),
      );
    return matches[0] && structuredClone(matches[0]);
  }

  async list(query: { limit: number; cursor?: string }): Promise<ExperimentPage> {
    const newest = [...this.experiments].reverse();
    const start = query.cursor ? newest.findIndex((e) => e.id === query.cursor) + 1 : 0;
    const page = newest.slice(start, start + query.limit);
    const more = start + query.limit < newest.length;
    return {
      experiments: page.map((e) => structuredClone(e)),
      ...(more && page.length ? { next: page.at(-1)!.id } : {}),
    };
  }

  async cells(id: string): Promise<CellRecord[]> {
    return structuredClone(this.cellsOf.get(id) ?? []);
  }

  async close(): Promise<void> {}
}
