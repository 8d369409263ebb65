import { basename } from 'node:path';
import { dialects, type FolderDialect } from '../dialects/index.js';
import type { LoadTarget } from './walk.js';

/**
 * What to load from a run's snapshot of its skill's files (path → text) for the skill at `source`: the
 * file itself, or the folder whose files the snapshot holds, claimed by the folder dialect that
 * claims it — found from the snapshot alone, never from the disk.
 */
export function snapshotTarget(source: string, files: Readonly<Record<string, string>>): LoadTarget {
  if (Object.hasOwn(files, source)) return { kind: 'file', path: source, explicit: true };
  const prefix = `${source.replace(/\/+$/, '')}/`;
  const entries = [
    ...new Set(
      Object.keys(files)
        .filter((p) => p.startsWith(prefix))
        .map((p) => p.slice(prefix.length).split('/')[0]),
    ),
  ];
  const dialect = dialects.find(
    (d): d is FolderDialect => 'claimsFolder' in d && d.claimsFolder(source, entries),
  );
  if (dialect) return { kind: 'folder', path: source, dialect: dialect.name };
  return {
    kind: 'report',
    path: source,
    diagnostics: [
      {
        file: source,
        line: 1,
        column: 1,
        severity: 'error',
        code: 'skein/not-found',
        message: `the run's snapshot holds no skill at ${basename(source)}`,
      },
    ],
  };
}
