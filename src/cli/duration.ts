import { UsageError } from './usage-error.js';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A span a person writes, `90s`, `15m`, `1h30m` or `2d`, in milliseconds; a `UsageError` naming `option` otherwise. */
export function parseDuration(text: string, option: string): number {
  const parts = [...text.matchAll(/(\d+)([smhd])/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text)
    throw new UsageError(`${option} takes a duration such as 90s, 15m, 1h or 1h30m, not "${text}"`);
  return parts.reduce((ms, [, n, unit]) => ms + Number(n) * UNIT_MS[unit as keyof typeof UNIT_MS], 0);
}

/** How long ago a time was, shortly: `45s`, `12m`, `3h`, `2d`. */
export function age(sinceMs: number, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - sinceMs) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}
