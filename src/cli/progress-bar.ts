/** A bar on a terminal (`[██████░░░░░░] 45/90 cells`), redrawn in place; nothing when the stream is not a terminal. */
export class ProgressBar {
  private drawn = false;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly what: string,
    private readonly width = 30,
  ) {}

  /** Draws `done` of `total`. */
  update(done: number, total: number): void {
    if (!this.stream.isTTY || !total) return;
    const full = Math.round((done / total) * this.width);
    this.stream.write(
      `\r\x1b[K[${'█'.repeat(full)}${'░'.repeat(this.width - full)}] ${done}/${total} ${this.what}`,
    );
    this.drawn = true;
  }

  /** Erases the bar; call before writing anything else. */
  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}
