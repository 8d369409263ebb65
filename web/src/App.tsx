import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, saveToken } from './api/client';
import { CheckPage } from './pages/CheckPage';
import { DiffPage } from './pages/DiffPage';
import { Catalog } from './pages/Catalog';
import { ExperimentPage } from './pages/ExperimentPage';
import { ExperimentsPage } from './pages/ExperimentsPage';
import { InboxPage } from './pages/InboxPage';
import { RunPage } from './pages/RunPage';
import { RunsPage } from './pages/RunsPage';
import { SkillPage } from './pages/SkillPage';
import { href, useRoute } from './location';

/** The playground: a header to move between the catalog, runs, the inbox, experiments and the checker, and the page of the URL's hash. */
export function App() {
  const route = useRoute();
  const [auth, setAuth] = useState<'checking' | 'ok' | 'token'>('checking');
  useEffect(() => {
    api('/runs?limit=1').then(
      () => setAuth('ok'),
      (e: unknown) => setAuth(e instanceof ApiError && e.status === 401 ? 'token' : 'ok'),
    );
  }, []);
  const [page, arg, other] = route;
  return (
    <>
      <header>
        <a className="brand" href="#/">
          Skein
        </a>
        <nav aria-label="Main">
          <a href="#/" aria-current={!page || page === 'skills' ? 'page' : undefined}>
            Skills
          </a>
          <a href={href('runs')} aria-current={page === 'runs' ? 'page' : undefined}>
            Runs
          </a>
          <a href={href('inbox')} aria-current={page === 'inbox' ? 'page' : undefined}>
            Inbox
          </a>
          <a href={href('experiments')} aria-current={page === 'experiments' ? 'page' : undefined}>
            Experiments
          </a>
          <a href={href('check')} aria-current={page === 'check' ? 'page' : undefined}>
            Check
          </a>
        </nav>
      </header>
      <main>
        {auth === 'token' ? (
          <TokenForm onSaved={() => setAuth('ok')} />
        ) : auth === 'checking' ? null : page === 'skills' && arg ? (
          <SkillPage id={arg} />
        ) : page === 'runs' && arg ? (
          <RunPage runId={arg} />
        ) : page === 'diff' && arg && other ? (
          <DiffPage a={arg} b={other} />
        ) : page === 'runs' ? (
          <RunsPage />
        ) : page === 'inbox' ? (
          <InboxPage />
        ) : page === 'experiments' && arg ? (
          <ExperimentPage id={arg} />
        ) : page === 'experiments' ? (
          <ExperimentsPage />
        ) : page === 'check' ? (
          <CheckPage />
        ) : (
          <Catalog />
        )}
      </main>
    </>
  );
}

/** Asks once for the API token of a server that needs one. */
function TokenForm({ onSaved }: { onSaved(): void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    saveToken(token.trim());
    try {
      await api('/runs?limit=1');
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <form onSubmit={submit} className="schema-form">
      <h1>This server needs a token</h1>
      <div className="field">
        <label htmlFor="token">API token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit">Save</button>
    </form>
  );
}
