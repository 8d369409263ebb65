import { isoNow } from './clock.js';
import { EPHEMERAL_EVENTS, type RunEvent, type RunEventBody } from './events.js';

export type RunListener = (event: RunEvent) => void;

/** Numbers a run's events, hands them to listeners at once, and keeps the storable ones for the store. */
export class EventSink {
  private pending: RunEvent[] = [];

  constructor(
    readonly runId: string,
    private seq: number,
    private readonly listener?: RunListener,
  ) {}

  /** Emits an event now (the body becomes the event); it is stored with the next flush unless it is ephemeral. */
  emit(body: RunEventBody): RunEvent {
    // The body is a fresh literal at every call site: it is stamped in place, not copied, and the
    // timestamp text is reused within a millisecond; both matter when a run takes microseconds.
    const event = body as RunEvent;
    event.runId = this.runId;
    event.seq = this.seq++;
    event.at = isoNow();
    if (!EPHEMERAL_EVENTS.has(body.type)) this.pending.push(event);
    try {
      this.listener?.(event);
    } catch {
      // A listener's failure (a closed terminal) must not break the run.
    }
    return event;
  }

  /**
   * Takes the events not yet stored: all of them, or those up to the last one of `node`. The events
   * emitted before that one come along whatever node they belong to, so a run's events always reach
   * the store in `seq` order and a reader following the log by `seq` never skips one.
   */
  take(node?: string): RunEvent[] {
    let end = this.pending.length;
    if (node !== undefined) {
      while (end > 0 && !isOf(this.pending[end - 1], node)) end--;
      if (end === 0) return [];
    }
    if (end === this.pending.length) {
      const all = this.pending;
      this.pending = [];
      return all;
    }
    const taken = this.pending.slice(0, end);
    this.pending = this.pending.slice(end);
    return taken;
  }
}

function isOf(event: RunEvent, node: string): boolean {
  return 'node' in event && event.node === node;
}
