/** Each run's writes issued one after another, whether or not the one before succeeded. */
export class RunWrites {
  /** The last write of each run still in flight, so that the next one follows it. */
  private readonly writing = new Map<string, Promise<unknown>>();

  /** Issues `write` after the run's write in flight, if any. */
  serial<T>(runId: string, write: () => Promise<T>): Promise<T> {
    const before = this.writing.get(runId);
    const next = before ? before.then(write, write) : write();
    const settled = next.then(
      () => {},
      () => {},
    );
    this.writing.set(runId, settled);
    void settled.then(() => {
      if (this.writing.get(runId) === settled) this.writing.delete(runId);
    });
    return next;
  }

  /** Settles once every write in flight has. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.writing.values());
  }
}
