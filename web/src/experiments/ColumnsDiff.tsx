import { useState } from 'react';
import type { ExperimentDetail } from '../api/types';
import { costLine, diffColumns, percent } from './matrix';

/** Two columns of an experiment side by side, case by case, with what changed from the left one to the right. */
export function ColumnsDiff({ detail }: { detail: ExperimentDetail }) {
  const keys = detail.experiment.columns.map((c) => c.key);
  const [left, setLeft] = useState(keys[0]);
  const [right, setRight] = useState(keys[1]);
  const [changedOnly, setChangedOnly] = useState(false);
  const rows = diffColumns(detail, left, right).filter((r) => !changedOnly || r.points !== 0);
  const pick = (label: string, value: string, set: (v: string) => void) => (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => set(e.target.value)}>
        {keys.map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
    </label>
  );
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare two columns</h2>
      <div className="filters">
        {pick('Left column', left, setLeft)}
        {pick('Right column', right, setRight)}
        <label>
          <input type="checkbox" checked={changedOnly} onChange={(e) => setChangedOnly(e.target.checked)} />{' '}
          Changed only
        </label>
      </div>
      <div className="table-scroll">
        <table className="runs" aria-label="Comparison">
          <thead>
            <tr>
              <th>Case</th>
              <th>{left}</th>
              <th>{right}</th>
              <th>Difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.key}</th>
                <td>{r.left ? `${percent(r.left.passRate)} · ${costLine(r.left)}` : '—'}</td>
                <td>{r.right ? `${percent(r.right.passRate)} · ${costLine(r.right)}` : '—'}</td>
                <td>
                  {r.points > 0 ? `+${r.points}` : r.points} pts
                  {r.worse && <strong className="error"> regression</strong>}
                  {r.better && <span> fixed</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
