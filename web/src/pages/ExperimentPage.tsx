import { ChoiceFilter } from '../components/ChoiceFilter';
import { useState } from 'react';
import type { ExperimentDetail, ExperimentResult } from '../api/types';
import { ColumnsDiff } from '../experiments/ColumnsDiff';
import { costLine, matrixRows, percent } from '../experiments/matrix';
import { href } from '../location';
import { useApi } from '../useApi';

/** One experiment: the matrix of cases × columns with filters, each cell's trials opening their runs, and two columns compared. */
export function ExperimentPage({ id }: { id: string }) {
  const detail = useApi<ExperimentDetail>(`/experiments/${encodeURIComponent(id)}`);
  const [skill, setSkill] = useState('');
  const [text, setText] = useState('');
  const [failingOnly, setFailingOnly] = useState(false);
  if (detail.error)
    return (
      <p className="error" role="alert">
        {detail.error.message}
      </p>
    );
  if (!detail.data) return <p className="muted">Loading…</p>;
  const d = detail.data;
  const { experiment } = d;
  const skills = [...new Set(experiment.cases.map((c) => c.skill))];
  const rows = matrixRows(d, { skill, text, failingOnly });
  return (
    <section>
      <h1>Experiment {experiment.id.slice(0, 8)}</h1>
      <p className="muted">
        <span className={`badge status-${experiment.status}`}>{experiment.status}</span>{' '}
        {experiment.paths.join(', ')} · {experiment.trials} trial{experiment.trials === 1 ? '' : 's'} ·{' '}
        {new Date(experiment.createdAt).toLocaleString()}
      </p>
      <div className="filters">
        <ChoiceFilter label="Skill" value={skill} choices={skills} onChange={setSkill} />
        <label>
          Case <input type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={failingOnly} onChange={(e) => setFailingOnly(e.target.checked)} />{' '}
          Failing only
        </label>
      </div>
      <div className="table-scroll">
        <table className="runs" aria-label="Matrix">
          <thead>
            <tr>
              <th>Case</th>
              {experiment.columns.map((c) => (
                <th key={c.key}>
                  {c.key}
                  {c.baseline && <span className="muted"> (baseline)</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.key}</th>
                {experiment.columns.map((c) => (
                  <td key={c.key}>
                    <ResultCell result={row.results.get(c.key)} label={`${row.key} in ${c.key}`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p className="muted">No case matches.</p>}
      {experiment.columns.length > 1 && <ColumnsDiff detail={d} />}
    </section>
  );
}

/** A case in a column: pass rate, latency, cost, the failures, and a link to each trial's run and trace. */
function ResultCell({ result, label }: { result?: ExperimentResult; label: string }) {
  if (!result) return <span className="muted">—</span>;
  return (
    <div className="cell">
      <span className={`badge status-${result.passed ? 'completed' : 'failed'}`}>
        {result.passed ? 'pass' : 'fail'} {percent(result.passRate)}
      </span>{' '}
      <span className="muted">{costLine(result)}</span>
      {result.failures.length > 0 && (
        <ul className="failures">
          {result.failures.map((f, i) => (
            <li key={i}>{f}</li>
          ))}
        </ul>
      )}
      <div>
        {result.runIds.map((runId, i) => (
          <a key={runId} href={href('runs', runId)} aria-label={`Trial ${i + 1} of ${label}`}>
            trial {i + 1}
          </a>
        ))}
      </div>
    </div>
  );
}
