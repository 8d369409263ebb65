import { ApiError, authHeaders, parse } from '../api/client';
import { readSse } from '../api/sse';

/**
 * Starts (or resumes) a run with `Accept: text/event-stream` and resolves with its id as soon as the
 * server names it; the run goes on on the server, and the run view follows its events. An input the
 * server refuses rejects with its `ApiError` (fields named).
 */
export async function startRun(path: string, body: unknown): Promise<string> {
  const control = new AbortController();
  const res = await fetch(`/v1${path}`, {
    method: 'POST',
    headers: authHeaders({ 'Content-Type': 'application/json', Accept: 'text/event-stream' }),
    body: JSON.stringify(body),
    signal: control.signal,
  });
  if (!res.ok || !res.headers.get('content-type')?.includes('text/event-stream')) await parse(res);
  try {
    for await (const message of readSse(res, control.signal)) {
      const event = JSON.parse(message.data) as { runId?: string };
      if (event.runId) return event.runId;
    }
  } finally {
    control.abort();
  }
  throw new ApiError(0, 'no_run', 'the server did not start the run');
}

const RECENT = 5;

/** The inputs last sent to a skill, newest first (kept in this browser). */
export function recentInputs(skill: string): Record<string, unknown>[] {
  try {
    return JSON.parse(localStorage.getItem(`skein.recent.${skill}`) ?? '[]') as Record<string, unknown>[];
  } catch {
    return [];
  }
}

/** Remembers an input sent to a skill. */
export function rememberInput(skill: string, input: Record<string, unknown>): void {
  const text = JSON.stringify(input);
  const kept = recentInputs(skill).filter((i) => JSON.stringify(i) !== text);
  localStorage.setItem(`skein.recent.${skill}`, JSON.stringify([input, ...kept].slice(0, RECENT)));
}
