/** A part of a run in its trace: when it started and ended (ms since the epoch). */
export interface Part {
  start: number;
  end?: number;
}

/** The share of the axis each cut-out pause takes, as a fraction of the time drawn. */
const PAUSE_SHARE = 0.04;

/**
 * A time axis for a run's trace that leaves out the pauses between its parts (a run that waited three
 * days for a person draws its two parts side by side, a thin gap between them): answers a time's
 * position from 0 to 1.
 */
export function traceScale(parts: readonly Part[]): (t: number) => number {
  const spans = [...parts]
    .map((p) => ({ start: p.start, end: Math.max(p.end ?? p.start, p.start) }))
    .sort((a, b) => a.start - b.start);
  const busy = spans.reduce((sum, s) => sum + (s.end - s.start), 0);
  const gap = Math.max(busy, 1) * PAUSE_SHARE;
  const total = Math.max(busy + gap * Math.max(spans.length - 1, 0), 1);
  return (t) => {
    let before = 0;
    for (const s of spans) {
      if (t <= s.end) return (before + Math.max(0, t - s.start)) / total;
      before += s.end - s.start + gap;
    }
    return 1;
  };
}

/** A pause as people say it: `45 s`, `3 min`, `2 h 5 min`, `3 days`. */
export function pauseLength(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  return `${Math.round(h / 24)} days`;
}
