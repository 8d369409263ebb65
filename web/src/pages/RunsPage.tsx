import { ChoiceFilter } from '../components/ChoiceFilter';
import { useState } from 'react';
import type { RunSummary } from '../api/types';
import { href } from '../location';
import { shortName } from '../run/node-name';
import { useApi } from '../useApi';

const STATUSES = ['running', 'awaiting', 'completed', 'failed'];

/** Past and current runs of every process that shares the store, newest first, by status, with each failure's error code. */
export function RunsPage() {
  const [status, setStatus] = useState('');
  const [cursor, setCursor] = useState<string[]>([]);
  const query = new URLSearchParams({ limit: '25' });
  if (status) query.set('status', status);
  if (cursor.length) query.set('cursor', cursor[cursor.length - 1]);
  const page = useApi<{ runs: RunSummary[]; next?: string }>(`/runs?${query}`);
  return (
    <section>
      <h1>Runs</h1>
      <div className="filters">
        <ChoiceFilter
          label="Status"
          value={status}
          choices={STATUSES}
          onChange={(value) => {
            setStatus(value);
            setCursor([]);
          }}
        />
        <button type="button" className="secondary" onClick={page.reload}>
          Refresh
        </button>
      </div>
      {page.error && (
        <p className="error" role="alert">
          {page.error.message}
        </p>
      )}
      <div className="table-scroll">
        <table className="runs">
          <thead>
            <tr>
              <th>Run</th>
              <th>Skill</th>
              <th>Status</th>
              <th>Error</th>
              <th>Started</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {page.data?.runs.map((r) => (
              <tr key={r.runId}>
                <td>
                  <a href={href('runs', r.runId)}>{r.runId}</a>
                </td>
                <td>
                  {r.skill} <span className="muted">v{r.version}</span>
                  {r.parentRunId && (
                    <span className="muted">
                      {' '}
                      · part of <a href={href('runs', r.parentRunId)}>{r.parentRunId}</a>
                    </span>
                  )}
                </td>
                <td>
                  <span className={`badge status-${r.status}`}>{r.status}</span>
                </td>
                <td>
                  {r.error && (
                    <span title={r.error.message}>
                      <code>{r.error.code}</code>
                      {r.error.step && <span className="muted"> at {shortName(r.error.step)}</span>}
                    </span>
                  )}
                </td>
                <td>{new Date(r.createdAt).toLocaleString()}</td>
                <td>{new Date(r.updatedAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.data?.runs.length === 0 && <p className="muted">No runs.</p>}
      <div className="pager">
        {cursor.length > 0 && (
          <button type="button" className="secondary" onClick={() => setCursor(cursor.slice(0, -1))}>
            Newer
          </button>
        )}
        {page.data?.next && (
          <button
            type="button"
            className="secondary"
            onClick={() => setCursor([...cursor, page.data!.next!])}
          >
            Older
          </button>
        )}
      </div>
    </section>
  );
}
