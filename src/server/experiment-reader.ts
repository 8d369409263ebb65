import type { SkeinConfig } from '../config/config.js';
import { openExperimentStore, type ExperimentStore } from '../evals/index.js';

/** The experiment store the API reads, opened on the first request and closed with the server. */
export class ExperimentReader {
  private opened: Promise<ExperimentStore> | undefined;

  constructor(private readonly config: SkeinConfig) {}

  /** The store beside the run store. */
  store(): Promise<ExperimentStore> {
    return (this.opened ??= openExperimentStore(this.config));
  }

  /** Closes the store if it was opened. */
  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    if (opened) await (await opened.catch(() => undefined))?.close();
  }
}
