import { lazy, Suspense, useState } from 'react';
import type { FileReport } from '../api/types';

const CheckEditor = lazy(() => import('../components/CheckEditor'));

/** Paste a skill file and see what `skein validate` says about it, as you type. */
export function CheckPage() {
  const [path, setPath] = useState('skill.md');
  const [report, setReport] = useState<FileReport>();
  const [error, setError] = useState<string>();
  return (
    <section>
      <h1>Check a skill file</h1>
      <label>
        File name <input value={path} onChange={(e) => setPath(e.target.value)} />
      </label>
      <p className="muted">The name tells the dialect (e.g. skill.md, SKILL.md, skill.json, a .yaml file).</p>
      <Suspense fallback={<p className="muted">Loading the editor…</p>}>
        <CheckEditor
          path={path}
          onReport={(r, e) => {
            setReport(r);
            setError(e);
          }}
        />
      </Suspense>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {report && (
        <section aria-labelledby="diagnostics-heading">
          <h2 id="diagnostics-heading">
            {report.diagnostics.length ? `${report.diagnostics.length} diagnostics` : 'No problems'}
            {report.dialect && <span className={`badge dialect-${report.dialect}`}>{report.dialect}</span>}
          </h2>
          {report.skills.length > 0 && (
            <p className="muted">Skills: {report.skills.map((s) => `${s.id}@${s.version}`).join(', ')}</p>
          )}
          <ul aria-label="Diagnostics" className="diagnostics">
            {report.diagnostics.map((d, i) => (
              <li key={i} className={d.severity}>
                line {d.line}, column {d.column}: {d.severity} <code>{d.code}</code> {d.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
