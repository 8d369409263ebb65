/** A wake-up that is not lost when it rings while nobody waits. */
export class Bell {
  private rung = false;
  private wake: (() => void) | undefined;

  readonly ring = (): void => {
    this.rung = true;
    this.wake?.();
  };

  /** True at the next ring (at once if it rang since the last wait); false after `ms` or on abort. */
  wait(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.rung || signal?.aborted) {
      const rung = this.rung;
      this.rung = false;
      return Promise.resolve(rung);
    }
    return new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.wake = undefined;
        const rung = this.rung;
        this.rung = false;
        resolve(rung);
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
