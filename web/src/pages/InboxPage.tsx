import { ChoiceFilter } from '../components/ChoiceFilter';
import { lazy, Suspense, useEffect, useReducer, useState } from 'react';
import { ApiError } from '../api/client';
import { watchInbox, type InboxChange } from '../api/inbox';
import type { FieldError, PendingAwait } from '../api/types';
import { cardSchema, isCard } from '../form/card';
import { href } from '../location';
import { startRun } from '../run/start-run';

// The form (react-jsonschema-form) loads when a question is first shown.
const SchemaForm = lazy(() => import('../form/SchemaForm'));

/** The questions shown, oldest wait first, as the stream's changes leave them. */
function inbox(shown: PendingAwait[] | undefined, change: InboxChange): PendingAwait[] {
  if (change.type === 'snapshot') return change.awaits;
  if (change.type === 'removed') return (shown ?? []).filter((a) => a.runId !== change.runId);
  return [...(shown ?? []).filter((a) => a.runId !== change.await.runId), change.await].sort((a, b) =>
    a.since.localeCompare(b.since),
  );
}

/** The inbox: every run that waits for a person, live, each question with its form to answer in place. */
export function InboxPage() {
  const [awaits, dispatch] = useReducer(inbox, undefined);
  const [connected, setConnected] = useState(true);
  const [error, setError] = useState<string>();
  const [skill, setSkill] = useState('');
  const [answered, setAnswered] = useState<{ runId: string; skill: string }[]>([]);

  useEffect(() => {
    const control = new AbortController();
    watchInbox((change) => dispatch(change), { signal: control.signal, onConnection: setConnected }).catch(
      (e: unknown) => setError((e as Error).message),
    );
    return () => control.abort();
  }, []);

  const answer = async (pending: PendingAwait, input: Record<string, unknown>) => {
    try {
      await startRun(`/runs/${encodeURIComponent(pending.runId)}/resume`, { input });
      dispatch({ type: 'removed', runId: pending.runId });
      setAnswered((done) => [{ runId: pending.runId, skill: pending.skill }, ...done].slice(0, 5));
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) return e.fields;
      throw e;
    }
  };

  const skills = [...new Set((awaits ?? []).map((a) => a.skill))].sort();
  const shown = (awaits ?? []).filter((a) => !skill || a.skill === skill);
  return (
    <section>
      <h1>Inbox</h1>
      <div className="filters">
        <ChoiceFilter label="Skill" value={skill} choices={skills} onChange={setSkill} />
        {!connected && <span className="muted">reconnecting…</span>}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="muted">
        {awaits === undefined
          ? 'Loading…'
          : shown.length === 0
            ? 'No run is waiting for an answer.'
            : `${shown.length} question${shown.length === 1 ? '' : 's'} waiting`}
        {answered.length > 0 && (
          <>
            {' · answered: '}
            {answered.map((a, i) => (
              <span key={a.runId}>
                {i > 0 && ', '}
                <a href={href('runs', a.runId)}>
                  {a.skill} {a.runId.slice(0, 8)}
                </a>
              </span>
            ))}
          </>
        )}
      </p>
      <ul className="inbox" aria-label="Pending questions">
        {shown.map((pending) => (
          <Question key={pending.runId} pending={pending} onAnswer={(input) => answer(pending, input)} />
        ))}
      </ul>
    </section>
  );
}

function Question({
  pending,
  onAnswer,
}: {
  pending: PendingAwait;
  onAnswer: (input: Record<string, unknown>) => Promise<FieldError[] | void>;
}) {
  const card = isCard(pending.card) ? pending.card : undefined;
  const heading = `question-${pending.runId}`;
  const [error, setError] = useState<string>();
  const submit = async (input: Record<string, unknown>) => {
    setError(undefined);
    try {
      return await onAnswer(input);
    } catch (e) {
      // Answered meanwhile elsewhere, say: the stream removes it.
      setError((e as Error).message);
    }
  };
  return (
    <li className="pause" aria-labelledby={heading}>
      <h2 id={heading}>
        {pending.skill}
        <span className="badge">{pending.version}</span>
        <span className="badge state-awaiting">at {pending.step}</span>
      </h2>
      <p className="muted">
        Run <a href={href('runs', pending.runId)}>{pending.runId.slice(0, 8)}</a>, waiting since{' '}
        <time dateTime={pending.since}>{new Date(pending.since).toLocaleString()}</time>
      </p>
      <p className="message">{pending.message}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <Suspense fallback={<p className="muted">Loading the form…</p>}>
        <SchemaForm
          key={`${pending.step} ${pending.since}`}
          schema={card ? cardSchema(card) : pending.schema}
          submit="Answer"
          idPrefix={`answer-${pending.runId}`}
          onSubmit={submit}
        />
      </Suspense>
    </li>
  );
}
