// What lets the memory store forget runs: the order runs were created in, with positions that stay put
// when runs are forgotten (listRuns' cursors), and the queue of finished runs, oldest first.

/** Holes are dropped once there are this many and they are half of an array. */
const COMPACT_AT = 1024;

/** The ids of runs in the order they were created, each at a position that never changes. */
export class CreationOrder {
  private ids: string[] = [];
  private positions: number[] = [];
  private nextPosition = 0;
  private holes = 0;

  /** Adds a run; returns its position. */
  add(id: string): number {
    this.ids.push(id);
    this.positions.push(this.nextPosition);
    return this.nextPosition++;
  }

  /** Forgets the run at `position`. */
  remove(position: number): void {
    const i = this.indexAtOrBefore(position);
    if (i < 0 || this.positions[i] !== position || !this.ids[i]) return;
    this.ids[i] = '';
    if (++this.holes >= COMPACT_AT && this.holes * 2 >= this.ids.length) this.compact();
  }

  /** The runs newest first, from `before` (a position) down: id and position. */
  *newestFirst(before = this.nextPosition): Generator<[string, number]> {
    for (let i = this.indexAtOrBefore(before - 1); i >= 0; i--)
      if (this.ids[i]) yield [this.ids[i], this.positions[i]];
  }

  /** The index of the last position at or before `position` (-1: none). */
  private indexAtOrBefore(position: number): number {
    let low = 0;
    let high = this.positions.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.positions[mid] <= position) low = mid + 1;
      else high = mid - 1;
    }
    return high;
  }

  private compact(): void {
    const ids: string[] = [];
    const positions: number[] = [];
    for (let i = 0; i < this.ids.length; i++)
      if (this.ids[i]) {
        ids.push(this.ids[i]);
        positions.push(this.positions[i]);
      }
    this.ids = ids;
    this.positions = positions;
    this.holes = 0;
  }
}

/** Finished runs, oldest first: the one past `keep`, when there is one, is handed back to be forgotten. */
export class FinishedRuns {
  private ids: string[] = [];
  private head = 0;

  constructor(private readonly keep: number) {}

  /** Adds a run that finished; returns the oldest when there are now more than `keep`. */
  add(id: string): string | undefined {
    this.ids.push(id);
    if (this.ids.length - this.head <= this.keep) return undefined;
    const oldest = this.ids[this.head++];
    if (this.head >= COMPACT_AT && this.head * 2 >= this.ids.length) {
      this.ids = this.ids.slice(this.head);
      this.head = 0;
    }
    return oldest;
  }
}
