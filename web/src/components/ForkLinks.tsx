import type { Run } from '../api/types';
import { href } from '../location';
import { shortName } from '../run/node-name';

/** Where a run stands in its fork tree: its parent (and a diff with it) and its forks (each with a diff). */
export function ForkLinks({ run }: { run: Run }) {
  const parent = run.forkedFrom;
  const forks = run.forks ?? [];
  if (!parent && !forks.length) return null;
  return (
    <nav aria-label="Forks">
      {parent && (
        <p>
          Forked from <a href={href('runs', parent.run)}>{parent.run.slice(0, 8)}</a> at step{' '}
          <code>{shortName(parent.step)}</code> ·{' '}
          <a href={href('diff', parent.run, run.runId)}>Compare with the parent</a>
        </p>
      )}
      {forks.length > 0 && (
        <details open>
          <summary>Forks ({forks.length})</summary>
          <ul>
            {forks.map((f) => (
              <li key={f.runId}>
                <a href={href('runs', f.runId)}>{f.runId.slice(0, 8)}</a> from{' '}
                <code>{shortName(f.step)}</code>{' '}
                <span className={`status status-${f.status}`}>{f.status}</span> ·{' '}
                <a
                  href={href('diff', run.runId, f.runId)}
                  aria-label={`Compare with fork ${f.runId.slice(0, 8)}`}
                >
                  Compare
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}
