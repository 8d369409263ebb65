import type { ExperimentList } from '../api/types';
import { href } from '../location';
import { useApi } from '../useApi';

/** The experiments `skein eval` stored, newest first: their paths, columns, cases and cases. */
export function ExperimentsPage() {
  const list = useApi<ExperimentList>('/experiments?limit=50');
  return (
    <section>
      <h1>Experiments</h1>
      {list.error && (
        <p className="error" role="alert">
          {list.error.message}
        </p>
      )}
      <div className="table-scroll">
        <table className="runs" aria-label="Experiments">
          <thead>
            <tr>
              <th>Experiment</th>
              <th>Status</th>
              <th>Paths</th>
              <th>Columns</th>
              <th>Cases</th>
              <th>Started</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.experiments.map((e) => (
              <tr key={e.id}>
                <td>
                  <a href={href('experiments', e.id)}>{e.id.slice(0, 8)}</a>
                </td>
                <td>
                  <span className={`badge status-${e.status}`}>{e.status}</span>
                </td>
                <td>{e.paths.join(', ')}</td>
                <td>{e.columns.length}</td>
                <td>{e.cases.length}</td>
                <td>{new Date(e.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data?.experiments.length === 0 && (
        <p className="muted">
          No experiments. <code>skein eval PATH --model M</code> stores one.
        </p>
      )}
    </section>
  );
}
