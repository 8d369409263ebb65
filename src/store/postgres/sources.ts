import type pg from 'pg';
import type { SkillSource } from '../../runtime/index.js';
import { retried, type Tx } from './transaction.js';

/**
 * The PostgreSQL store's skill files of pinned runs (`skein.skill_sources`): each digest's files
 * written once, in the transaction of the run that brings them (docs/runtime.md, "Runs pinned to
 * their skill").
 */
export class PgSources {
  /** Digests whose files this store has written already. */
  private readonly known = new Set<string>();

  constructor(private readonly pool: pg.Pool) {}

  /** Writes a digest's files unless they are known to be there (inside the run's transaction). */
  async keep(tx: Tx, source: SkillSource | undefined): Promise<void> {
    if (!source || this.known.has(source.digest)) return;
    await tx.query(
      'INSERT INTO skein.skill_sources (digest, files) VALUES ($1, $2) ON CONFLICT (digest) DO NOTHING',
      [source.digest, JSON.stringify(source.files)],
    );
  }

  /** Marks a digest's files as written, once their transaction has committed. */
  committed(source: SkillSource | undefined): void {
    if (source) this.known.add(source.digest);
  }

  /** The files stored under a digest. */
  async get(digest: string): Promise<SkillSource['files'] | undefined> {
    const { rows } = await retried(() =>
      this.pool.query<{ files: string }>('SELECT files FROM skein.skill_sources WHERE digest = $1', [digest]),
    );
    return rows[0] && (JSON.parse(rows[0].files) as SkillSource['files']);
  }

  /** Deletes the files no run refers to; returns how many digests went. */
  async deleteUnused(): Promise<number> {
    this.known.clear();
    const { rowCount } = await retried(() =>
      this.pool.query(
        'DELETE FROM skein.skill_sources s WHERE NOT EXISTS (SELECT 1 FROM skein.runs r WHERE r.skill_digest = s.digest)',
      ),
    );
    return rowCount ?? 0;
  }
}
