import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { pauseLength, traceScale } from '../run/trace-scale';

interface TraceSpan {
  name: string;
  kind: string;
  start: number;
  end?: number;
  status: string;
  children: TraceSpan[];
}

interface RunTrace {
  trace: TraceSpan[];
  usage: { calls: number; inputTokens: number; outputTokens: number; costUsd?: number };
}

interface Row {
  span: TraceSpan;
  depth: number;
}

/**
 * A finished, failed or paused run's trace as a waterfall (`GET /v1/runs/{id}/trace`): each part of the
 * run, its steps and their model and tool calls as bars on one time axis. A part after a pause is named
 * for it ("resumed after 3 min") and the pause is cut out of the axis, so it squashes no bar.
 */
export function TraceView({ runId, status }: { runId: string; status: string }) {
  const [data, setData] = useState<RunTrace>();
  useEffect(() => {
    if (status === 'running') return;
    const control = new AbortController();
    api<RunTrace>(`/runs/${encodeURIComponent(runId)}/trace`, { signal: control.signal }).then(
      setData,
      () => {},
    );
    return () => control.abort();
  }, [runId, status]);
  if (!data || data.trace.length === 0) return null;
  const rows: Row[] = [];
  const walk = (span: TraceSpan, depth: number) => {
    rows.push({ span, depth });
    for (const child of span.children) walk(child, depth + 1);
  };
  for (const part of data.trace) walk(part, 0);
  const at = traceScale(data.trace);
  const name = (span: TraceSpan) => {
    const i = data.trace.indexOf(span);
    if (i <= 0) return span.name;
    const before = data.trace[i - 1];
    return `resumed after ${pauseLength(span.start - (before.end ?? before.start))}`;
  };
  const { usage } = data;
  return (
    <section aria-labelledby="trace-heading">
      <h2 id="trace-heading">Trace</h2>
      <ol className="trace" aria-labelledby="trace-heading">
        {rows.map(({ span, depth }, i) => {
          const ms = (span.end ?? span.start) - span.start;
          return (
            <li key={i} className={`trace-row trace-${span.status}`}>
              <span className="trace-name" style={{ paddingLeft: `${depth * 0.9}rem` }}>
                {name(span)}
              </span>
              <span className="trace-track" aria-hidden="true">
                <span
                  className={`trace-bar trace-${span.kind}`}
                  style={{
                    left: `${at(span.start) * 100}%`,
                    width: `max(2px, ${(at(span.end ?? span.start) - at(span.start)) * 100}%)`,
                  }}
                />
              </span>
              <span className="trace-ms">{span.end === undefined ? '…' : `${Math.round(ms)} ms`}</span>
            </li>
          );
        })}
      </ol>
      {usage.calls > 0 && (
        <p className="muted">
          {usage.calls} model call{usage.calls === 1 ? '' : 's'}, {usage.inputTokens} in /{' '}
          {usage.outputTokens} out tokens{usage.costUsd !== undefined && `, ~$${usage.costUsd.toFixed(4)}`}
        </p>
      )}
    </section>
  );
}
