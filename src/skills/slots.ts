/** At most `size` operations at a time; the rest wait their turn in order. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  /** Runs `operation` once a slot is free. */
  async run<T>(operation: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await operation();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** File and folder reads in flight at once (enough to hide I/O waits, few file handles). */
export const READS_IN_FLIGHT = 32;
