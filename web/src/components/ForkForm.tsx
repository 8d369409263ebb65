import { useState } from 'react';
import { ApiError } from '../api/client';
import { go } from '../location';
import { shortName } from '../run/node-name';
import { startRun } from '../run/start-run';

/**
 * "Fork from here": a new run from step `from` of run `runId` (POST /v1/runs/{id}/fork), with the
 * parent's input or an edited one and values set before the step; goes to the fork's page once it starts.
 */
export function ForkForm({
  runId,
  from,
  input,
  onClose,
}: {
  runId: string;
  from: string;
  input: unknown;
  onClose: () => void;
}) {
  const [inputText, setInputText] = useState(JSON.stringify(input ?? {}, null, 2));
  const [setText, setSetText] = useState('{}');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setError(undefined);
    let body: { from: string; input: unknown; set: unknown };
    try {
      body = { from, input: JSON.parse(inputText), set: JSON.parse(setText) };
    } catch (e) {
      setError(`not JSON: ${(e as Error).message}`);
      return;
    }
    setBusy(true);
    try {
      go('runs', await startRun(`/runs/${encodeURIComponent(runId)}/fork`, body));
      onClose();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields.map((f) => `${f.field}: ${f.message}`) : [];
      setError([(e as Error).message, ...fields].join('; '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="fork-heading" className="pause">
      <h2 id="fork-heading">Fork from {shortName(from)}</h2>
      <p className="muted">
        A new run keeps this run&apos;s results before <code>{shortName(from)}</code> and runs the rest again.
      </p>
      <label className="field">
        Input (JSON)
        <textarea rows={5} value={inputText} onChange={(e) => setInputText(e.target.value)} />
      </label>
      <label className="field">
        Values to set before the step (JSON: {'{"path": value}'})
        <textarea rows={3} value={setText} onChange={(e) => setSetText(e.target.value)} />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p>
        <button type="button" disabled={busy} onClick={() => void submit()}>
          Fork
        </button>{' '}
        <button type="button" className="secondary" onClick={onClose}>
          Cancel
        </button>
      </p>
    </section>
  );
}
