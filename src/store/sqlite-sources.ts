import type Database from 'better-sqlite3';
import type { SkillSource } from '../runtime/index.js';

/**
 * The SQLite store's skill files of pinned runs (`skill_sources`): each digest's files written once,
 * inside the transaction of the run that brings them (docs/runtime.md, "Runs pinned to their skill").
 */
export class SqliteSources {
  /** Digests whose files this store has written (or found) already. */
  private readonly known = new Set<string>();
  private readonly stmt;

  constructor(db: Database.Database) {
    this.stmt = {
      insert: db.prepare('INSERT OR IGNORE INTO skill_sources (digest, files) VALUES (?, ?)'),
      get: db.prepare('SELECT files FROM skill_sources WHERE digest = ?').pluck(),
      deleteUnused: db.prepare(
        // One scan of the runs (their digests have no index), not one per stored digest; a run's
        // digest is 32 bytes (hex text in stores of before).
        `DELETE FROM skill_sources WHERE digest NOT IN (SELECT CASE typeof(skill_digest) WHEN 'blob'
           THEN lower(hex(skill_digest)) ELSE skill_digest END FROM runs WHERE skill_digest IS NOT NULL)`,
      ),
    };
  }

  /** Writes a digest's files unless they are there (call inside the run's transaction). */
  keep(source: SkillSource | undefined): void {
    if (!source || this.known.has(source.digest)) return;
    this.stmt.insert.run(source.digest, JSON.stringify(source.files));
    this.known.add(source.digest);
  }

  /** The files stored under a digest. */
  get(digest: string): SkillSource['files'] | undefined {
    const files = this.stmt.get.get(digest) as string | undefined;
    return files === undefined ? undefined : (JSON.parse(files) as SkillSource['files']);
  }

  /** Deletes the files no run refers to; returns how many digests went. */
  deleteUnused(): number {
    this.known.clear();
    return this.stmt.deleteUnused.run().changes;
  }
}
