import type { RunDiff } from '../api/types';
import { href } from '../location';
import { shortName } from '../run/node-name';
import { useApi } from '../useApi';

type StepState = NonNullable<RunDiff['steps'][number]['a']>;

/** Two runs step by step (GET /v1/runs/{a}/diff/{b}): each step's status, input and output, what differs marked. */
export function DiffPage({ a, b }: { a: string; b: string }) {
  const diff = useApi<RunDiff>(`/runs/${encodeURIComponent(a)}/diff/${encodeURIComponent(b)}`);
  if (diff.error)
    return (
      <p className="error" role="alert">
        {diff.error.message}
      </p>
    );
  if (!diff.data) return <p className="muted">Loading…</p>;
  const d = diff.data;
  const differing = d.steps.filter((s) => s.changed.length).length;
  return (
    <section>
      <h1>Compare runs</h1>
      <p>
        A: <a href={href('runs', d.a.runId)}>{d.a.runId.slice(0, 8)}</a> {d.a.skill}@{d.a.version}{' '}
        <span className={`status status-${d.a.status}`}>{d.a.status}</span>
        <br />
        B: <a href={href('runs', d.b.runId)}>{d.b.runId.slice(0, 8)}</a> {d.b.skill}@{d.b.version}{' '}
        <span className={`status status-${d.b.status}`}>{d.b.status}</span>
        {d.b.forkedFrom && (
          <span className="muted">
            {' '}
            · forked from {d.b.forkedFrom.run.slice(0, 8)} at <code>{shortName(d.b.forkedFrom.step)}</code>
          </span>
        )}
      </p>
      <p role="status">
        {differing || d.changed.length
          ? `${differing} of ${d.steps.length} steps differ${d.changed.length ? `; the runs' ${d.changed.join(', ')} differ` : ''}`
          : 'The runs do not differ.'}
      </p>
      <div className="table-scroll">
        <table className="runs" aria-label="Steps compared">
          <thead>
            <tr>
              <th>Step</th>
              <th>Differs in</th>
              <th>A</th>
              <th>B</th>
            </tr>
          </thead>
          <tbody>
            {d.steps.map((s) => (
              <tr key={s.step} className={s.changed.length ? 'changed' : undefined}>
                <th scope="row">{shortName(s.step)}</th>
                <td>{s.changed.length ? s.changed.join(', ') : <span className="muted">same</span>}</td>
                <td>
                  <StepCell state={s.a} />
                </td>
                <td>
                  <StepCell state={s.b} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {d.changed.includes('input') && <Pair title="Input" a={d.a.input} b={d.b.input} />}
      {d.changed.includes('output') && <Pair title="Output" a={d.a.output} b={d.b.output} />}
    </section>
  );
}

function StepCell({ state }: { state?: StepState }) {
  if (!state) return <span className="muted">not in this run</span>;
  return (
    <>
      <span className={`badge state-${state.status}`}>{state.status}</span>
      {state.input !== undefined && <pre>input: {JSON.stringify(state.input)}</pre>}
      {state.output !== undefined && <pre>{JSON.stringify(state.output)}</pre>}
    </>
  );
}

function Pair({ title, a, b }: { title: string; a: unknown; b: unknown }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <div className="columns">
        <pre>A: {JSON.stringify(a, null, 2) ?? '(none)'}</pre>
        <pre>B: {JSON.stringify(b, null, 2) ?? '(none)'}</pre>
      </div>
    </section>
  );
}
