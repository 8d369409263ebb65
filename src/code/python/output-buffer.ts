const MAX_LINES = 40;
const MAX_LINE_CHARS = 500;

/** Keeps the last lines a call printed (stdout and stderr), bounded, for error messages. */
export class OutputBuffer {
  private lines: string[] = [];
  private dropped = 0;

  /** Adds one printed line. */
  add(line: string): void {
    this.lines.push(line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line);
    if (this.lines.length > MAX_LINES) {
      this.lines.shift();
      this.dropped++;
    }
  }

  /** Returns what was printed since the last take and starts over. */
  take(): string {
    if (this.lines.length === 0) return '';
    const head = this.dropped ? [`… ${this.dropped} earlier lines`] : [];
    const text = [...head, ...this.lines].join('\n');
    this.lines = [];
    this.dropped = 0;
    return text;
  }
}
