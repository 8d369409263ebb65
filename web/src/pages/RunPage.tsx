import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { api, ApiError } from '../api/client';
import { followRun } from '../api/sse';
import type { FieldError, Run, RunEvent, SkillDetail } from '../api/types';
import { cardSchema, isCard } from '../form/card';
import { OutputView } from '../components/OutputView';
import { TraceView } from '../components/TraceView';
import { ForkForm } from '../components/ForkForm';
import { ForkLinks } from '../components/ForkLinks';
import { href } from '../location';
import { shortName } from '../run/node-name';
import { applyEvent, EMPTY_RUN, type RunState, type Step } from '../run/run-state';
import { startRun } from '../run/start-run';
import { useSubgraphStates } from '../run/subgraph-states';
import { useApi } from '../useApi';

const GraphView = lazy(() => import('../components/GraphView'));
// The form (react-jsonschema-form) loads when a form is first shown.
const SchemaForm = lazy(() => import('../form/SchemaForm'));

/** One run, live: its graph lighting up, its steps, its pause as a form, its output or error. */
export function RunPage({ runId }: { runId: string }) {
  const run = useApi<Run>(`/runs/${encodeURIComponent(runId)}`);
  const skillId = run.data?.skill;
  const skill = useApi<SkillDetail>(
    skillId && `/skills/${encodeURIComponent(skillId)}?version=${encodeURIComponent(run.data!.version)}`,
  );
  const [state, dispatch] = useReducer(
    (s: RunState, e: RunEvent | null) => (e ? applyEvent(s, e) : EMPTY_RUN),
    EMPTY_RUN,
  );
  const calls = state.steps
    .filter((s) => s.kind === 'call')
    .map((s) => `${s.node}:${s.state}`)
    .join(' ');
  const inSubgraphs = useSubgraphStates(runId, skill.data?.graph?.groups ? skillId : undefined, calls);
  const lastSeq = useRef(-1);
  const [follow, setFollow] = useState(0);
  const [connected, setConnected] = useState(true);
  const [error, setError] = useState<string>();
  const [forking, setForking] = useState<string>();

  useEffect(() => {
    lastSeq.current = -1;
    dispatch(null);
  }, [runId]);

  useEffect(() => {
    const control = new AbortController();
    followRun(
      runId,
      (event) => {
        if (event.seq !== undefined) lastSeq.current = event.seq;
        dispatch(event);
      },
      { signal: control.signal, afterSeq: lastSeq.current, onConnection: setConnected },
    ).catch((e: unknown) => setError((e as Error).message));
    return () => control.abort();
  }, [runId, follow]);

  const resume = async (input: Record<string, unknown>): Promise<FieldError[] | void> => {
    setError(undefined);
    try {
      await startRun(`/runs/${encodeURIComponent(runId)}/resume`, { input });
      setFollow((f) => f + 1);
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) return e.fields;
      setError((e as Error).message);
    }
  };
  const cancel = async () => {
    try {
      await api(`/runs/${encodeURIComponent(runId)}/cancel`, { method: 'POST' });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section>
      <h1>
        Run <code>{runId}</code>
      </h1>
      {run.data && (
        <p>
          <a href={href('skills', run.data.skill)}>{run.data.skill}</a> v{run.data.version} · started{' '}
          {new Date(run.data.createdAt).toLocaleString()}
        </p>
      )}
      {run.data && <ForkLinks run={run.data} />}
      <p>
        Status:{' '}
        <strong className={`status status-${state.status}`} role="status">
          {state.status}
        </strong>
        {state.tokens.input + state.tokens.output > 0 && (
          <span className="muted">
            {' '}
            · tokens in {state.tokens.input}, out {state.tokens.output}
          </span>
        )}
        {!connected && <span className="muted"> · reconnecting…</span>}
        {state.status === 'running' && (
          <button type="button" className="secondary" onClick={() => void cancel()}>
            Cancel
          </button>
        )}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {forking && run.data && (
        <ForkForm runId={runId} from={forking} input={run.data.input} onClose={() => setForking(undefined)} />
      )}
      {state.await && <Pause request={state.await} onResume={resume} />}
      {state.status === 'completed' && (
        <section aria-labelledby="output-heading">
          <h2 id="output-heading">Output</h2>
          <OutputView value={state.output} />
        </section>
      )}
      {state.status === 'failed' && state.error && (
        <section aria-labelledby="error-heading" className="failure">
          <h2 id="error-heading">Error</h2>
          <p>
            <code>{state.error.code}</code>
            {state.error.step && (
              <>
                {' '}
                at step <code>{shortName(state.error.step)}</code>
              </>
            )}
            : {state.error.message}
          </p>
          {state.error.code === 'model_not_configured' && (
            <p>
              This server has no model it can use for this skill. Start <code>skein serve</code> with{' '}
              <code>SKEIN_MODEL=provider:model</code> (for example <code>openai:gpt-4o-mini</code> with{' '}
              <code>OPENAI_API_KEY</code> set, or <code>compat:NAME</code> with <code>SKEIN_BASE_URL</code>{' '}
              for any OpenAI-compatible server), or write <code>model: provider:model</code> in its
              skein.yaml, then run it again.
            </p>
          )}
        </section>
      )}
      <div className="columns">
        <section aria-labelledby="steps-heading">
          <h2 id="steps-heading">Steps</h2>
          <ol className="steps" aria-labelledby="steps-heading">
            {state.steps
              .filter((s) => s.kind !== 'end')
              .map((s, i) => (
                <StepItem
                  key={i}
                  step={s}
                  onFork={state.status === 'running' ? undefined : () => setForking(s.node)}
                />
              ))}
          </ol>
          {run.data && (
            <details>
              <summary>Input</summary>
              <pre>{JSON.stringify(run.data.input, null, 2)}</pre>
            </details>
          )}
        </section>
        {skill.data?.graph && (
          <Suspense fallback={<p className="muted">Loading the graph…</p>}>
            <GraphView graph={skill.data.graph} states={{ ...inSubgraphs, ...state.nodes }} />
          </Suspense>
        )}
      </div>
      <TraceView runId={runId} status={state.status} />
    </section>
  );
}

function StepItem({ step: s, onFork }: { step: Step; onFork?: () => void }) {
  return (
    <li className={`step state-${s.state}`}>
      <strong>{shortName(s.node)}</strong> <span className="muted">{s.kind}</span>{' '}
      <span className={`badge state-${s.state}`}>{s.state}</span>
      {s.attempt > 1 && <span className="badge">attempt {s.attempt}</span>}
      {s.ms !== undefined && <span className="muted"> {s.ms} ms</span>}
      {s.skipped && (
        <span className="muted"> ({s.skipped === 'guard' ? 'its condition was false' : 'not chosen'})</span>
      )}
      {s.text && <pre className="llm">{s.text}</pre>}
      {s.tools.map((t, i) => (
        <details key={i} className={t.refused ? 'refused' : undefined}>
          <summary>
            {t.refused ? 'refused tool' : 'tool'} <code>{t.tool}</code>
            {t.ms !== undefined && ` · ${t.ms} ms`}
            {t.refused && ` · ${t.refused}`}
          </summary>
          <pre>input: {JSON.stringify(t.input, null, 2)}</pre>
          {t.output !== undefined && <pre>output: {JSON.stringify(t.output, null, 2)}</pre>}
        </details>
      ))}
      {s.rejected.map((r, i) => (
        <details key={i} className="rejected">
          <summary>
            answer rejected <code>{r.code}</code>
            {r.willRetry ? ' · sent back to the model' : ''}: {r.problems.join('; ')}
          </summary>
          <pre>{r.answer}</pre>
        </details>
      ))}
      {s.usage.map((u, i) => (
        <p key={i} className="muted">
          {u.model}: {u.inputTokens ?? '?'} tokens in, {u.outputTokens ?? '?'} out
        </p>
      ))}
      {s.logs.map((l, i) => (
        <p key={i} className="log">
          {l}
        </p>
      ))}
      {s.error && (
        <p className="error">
          {s.error}
          {s.willRetry && ' (retrying)'}
        </p>
      )}
      {s.state === 'finished' && onFork && (
        <button type="button" className="secondary small" onClick={onFork}>
          Fork from here
        </button>
      )}
    </li>
  );
}

function Pause({
  request,
  onResume,
}: {
  request: NonNullable<RunState['await']>;
  onResume: (input: Record<string, unknown>) => Promise<FieldError[] | void>;
}) {
  const card = isCard(request.card) ? request.card : undefined;
  return (
    <section aria-labelledby="pause-heading" className="pause">
      <h2 id="pause-heading">Waiting for an answer</h2>
      {card && <span className={`badge review-${card.review_type}`}>{card.review_type}</span>}
      <p className="message">{request.message}</p>
      <Suspense fallback={<p className="muted">Loading the form…</p>}>
        <SchemaForm
          key={request.step}
          schema={card ? cardSchema(card) : request.inputSchema}
          submit="Resume"
          onSubmit={onResume}
        />
      </Suspense>
    </section>
  );
}
