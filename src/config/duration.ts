/** The units a duration in skein.yaml may have: seconds, minutes, hours, days. */
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration: `90s`, `15m`, `24h`, `30d` (`0s` too, for `--older-than`; the config's schema wants 1 or more). */
const DURATION = /^(0|[1-9][0-9]*)(s|m|h|d)$/;

/** A duration (`24h`, `30d`) in milliseconds; undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  const m = DURATION.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS] : undefined;
}
