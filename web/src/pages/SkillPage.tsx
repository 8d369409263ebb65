import { lazy, Suspense, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { FieldError, SkillDetail } from '../api/types';
import { go } from '../location';
import { recentInputs, rememberInput, startRun } from '../run/start-run';
import { useApi } from '../useApi';
import { SkillSchedules } from '../components/SkillSchedules';

const GraphView = lazy(() => import('../components/GraphView'));
// react-markdown and its parser load when a document is first shown.
const Markdown = lazy(() => import('../components/Markdown'));
// The form (react-jsonschema-form) loads when a form is first shown.
const SchemaForm = lazy(() => import('../form/SchemaForm'));

/** One skill: what it is, its schemas, versions, graph or document, and the form that runs it. */
export function SkillPage({ id }: { id: string }) {
  const [version, setVersion] = useState('');
  const skill = useApi<SkillDetail>(
    `/skills/${encodeURIComponent(id)}${version ? `?version=${encodeURIComponent(version)}` : ''}`,
  );
  if (skill.error)
    return (
      <p className="error" role="alert">
        {skill.error.message}
      </p>
    );
  const s = skill.data;
  if (!s) return <p className="muted">Loading…</p>;
  return (
    <section>
      <h1>
        {s.id} <span className={`badge dialect-${s.dialect}`}>{s.dialect}</span>
        {s.needsModel && <span className="badge needs-model">needs a model</span>}
      </h1>
      <p>{s.description}</p>
      <label>
        Version{' '}
        <select value={s.version} onChange={(e) => setVersion(e.target.value)}>
          {s.versions.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      {s.tags.length > 0 && (
        <p className="tags">
          {s.tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </p>
      )}
      {s.needsModel && (
        <p className="note">
          It asks a model: the server runs it with the model it is configured with (<code>SKEIN_MODEL</code>{' '}
          or <code>model:</code> in skein.yaml), and without one the run fails at once.
        </p>
      )}
      <SkillSchedules id={s.id} />
      {s.doc && <DocView id={s.id} version={s.version} doc={s.doc} />}
      <div className={s.graph ? 'columns' : undefined}>
        <div>
          {s.executable && <RunForm skill={s} key={`${s.id}@${s.version}`} />}
          <details>
            <summary>Input schema</summary>
            <pre>{JSON.stringify(s.input, null, 2)}</pre>
          </details>
          <details>
            <summary>Output schema</summary>
            <pre>{JSON.stringify(s.output, null, 2)}</pre>
          </details>
        </div>
        {s.graph && (
          <Suspense fallback={<p className="muted">Loading the graph…</p>}>
            <GraphView graph={s.graph} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

function RunForm({ skill }: { skill: SkillDetail }) {
  const [recent] = useState(() => recentInputs(skill.id));
  const [start, setStart] = useState<Record<string, unknown> | undefined>(recent[0]);
  const [formKey, setFormKey] = useState(0);
  const [error, setError] = useState<string>();
  const run = async (input: Record<string, unknown>): Promise<FieldError[] | void> => {
    setError(undefined);
    try {
      const runId = await startRun(`/skills/${encodeURIComponent(skill.id)}/runs`, {
        input,
        version: skill.version,
      });
      rememberInput(skill.id, input);
      go('runs', runId);
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) return e.fields;
      setError((e as Error).message);
    }
  };
  return (
    <section aria-labelledby="run-heading">
      <h2 id="run-heading">Run</h2>
      {recent.length > 0 && (
        <p>
          <label htmlFor="recent-input">Recent input</label>{' '}
          <select
            id="recent-input"
            onChange={(e) => {
              setStart(recent[Number(e.target.value)]);
              setFormKey((k) => k + 1);
            }}
          >
            {recent.map((r, i) => (
              <option key={i} value={i}>
                {JSON.stringify(r).slice(0, 60)}
              </option>
            ))}
          </select>
        </p>
      )}
      <Suspense fallback={<p className="muted">Loading the form…</p>}>
        <SchemaForm key={formKey} schema={skill.input} submit="Run" start={start} onSubmit={run} />
      </Suspense>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function DocView({
  id,
  version,
  doc,
}: {
  id: string;
  version: string;
  doc: NonNullable<SkillDetail['doc']>;
}) {
  const [open, setOpen] = useState<Record<string, string>>({});
  const load = async (chunk: string) => {
    try {
      const part = await api<{ content: string }>(
        `/skills/${encodeURIComponent(id)}/chunks/${encodeURIComponent(chunk)}?version=${encodeURIComponent(version)}`,
      );
      setOpen((o) => ({ ...o, [chunk]: part.content }));
    } catch (e) {
      setOpen((o) => ({ ...o, [chunk]: (e as Error).message }));
    }
  };
  return (
    <section aria-labelledby="doc-heading">
      <h2 id="doc-heading">Document</h2>
      <Suspense fallback={<pre className="doc">{doc.summary}</pre>}>
        <Markdown text={doc.summary} />
      </Suspense>
      <h3>Chunks</h3>
      <ul className="chunks">
        {doc.chunks.map((c) => (
          <li key={c.id}>
            <code>{c.id}</code> {c.description}{' '}
            {open[c.id] === undefined ? (
              <button type="button" onClick={() => void load(c.id)} aria-label={`Load ${c.id}`}>
                Load
              </button>
            ) : (
              <Suspense fallback={<pre className="doc">{open[c.id]}</pre>}>
                <Markdown text={open[c.id]} />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
