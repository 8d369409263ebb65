import type { Style } from './style.js';

const AFTER_MS = 1000;

/**
 * A line on a terminal that says what a run is waiting for once a wait passes a second
 * (`… /main/count: starting Python (first use) 3 s`), rewritten each second and erased by the next output.
 */
export class ProgressLine {
  private timer: NodeJS.Timeout | undefined;
  private shown = false;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly c: Style,
  ) {}

  /** Starts timing a wait; `what` says what it is. Replaces a wait already timed. */
  wait(what: string): void {
    this.clear();
    if (!this.stream.isTTY) return;
    const since = Date.now();
    const draw = () => {
      const seconds = Math.round((Date.now() - since) / 1000);
      this.stream.write(`\r\x1b[K${this.c.dim(`    … ${what} ${seconds} s`)}`);
      this.shown = true;
      this.timer = setTimeout(draw, 1000);
    };
    this.timer = setTimeout(draw, AFTER_MS);
    this.timer.unref();
  }

  /** Stops timing and erases the line if it was drawn; call before writing anything else. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}
