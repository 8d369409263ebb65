import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOptions } from '../sqlite/addon.js';
import { indexTerms, matchQuery, queryWords } from './cjk-terms.js';
import { chunkText } from './chunk-text.js';
import type { ForgetTarget, MemoryHit, MemoryService, StoredMemory } from './memory-service.js';
import { snippetOf } from './snippet.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS entries (
  id TEXT PRIMARY KEY,
  path TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  content TEXT NOT NULL,
  tags TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS entries_by_path ON entries (path, end_line);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY,
  entry TEXT NOT NULL,
  start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_entry ON chunks (entry);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5 (terms, tokenize = 'unicode61 remove_diacritics 2');
`;

interface HitRow {
  entry: string;
  path: string;
  start_line: number;
  end_line: number;
  text: string;
  rank: number;
}

const DEFAULT_LIMIT = 5;

/**
 * Memory in its own SQLite file (`$SKEIN_HOME/memory.db`): entries appended to documents (paths), cut
 * into chunks, each indexed by FTS5 over CJK-aware terms (see cjk-terms.ts) and ranked by bm25.
 */
export class SqliteMemory implements MemoryService {
  private readonly db: Database.Database;

  constructor(file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file, sqliteOptions());
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }

  async search(query: string, limit = DEFAULT_LIMIT): Promise<MemoryHit[]> {
    const count = Math.max(1, Math.min(100, Math.floor(limit)));
    let rows = this.match(matchQuery(query), count);
    if (!rows.length) rows = this.match(matchQuery(query, true), count);
    const best = rows[0]?.rank ?? 0;
    const words = queryWords(query);
    return rows.map((r) => ({
      id: r.entry,
      snippet: snippetOf(r.text, words),
      score: best < 0 ? Math.round((r.rank / best) * 1000) / 1000 : 1,
      path: r.path,
      startLine: r.start_line,
      endLine: r.end_line,
    }));
  }

  async store(
    content: string,
    options: { path?: string; tags?: readonly string[] } = {},
  ): Promise<StoredMemory> {
    const text = content.trim();
    if (!text) throw new Error('memory.store needs some text to remember');
    const path = options.path?.trim() || `memory/${new Date().toISOString().slice(0, 10)}.md`;
    const tags = [...(options.tags ?? [])];
    const id = randomUUID();
    const insert = this.db.transaction(() => {
      const last = this.db.prepare('SELECT MAX(end_line) AS last FROM entries WHERE path = ?').get(path) as {
        last: number | null;
      };
      const offset = last.last ?? 0;
      const chunks = chunkText(text);
      const endLine = offset + text.split(/\r?\n/).length;
      this.db
        .prepare(
          'INSERT INTO entries (id, path, start_line, end_line, content, tags, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(id, path, offset + 1, endLine, text, JSON.stringify(tags), new Date().toISOString());
      const addChunk = this.db.prepare(
        'INSERT INTO chunks (entry, start_line, end_line, text) VALUES (?, ?, ?, ?)',
      );
      const addTerms = this.db.prepare('INSERT INTO chunks_fts (rowid, terms) VALUES (?, ?)');
      for (const c of chunks) {
        const row = addChunk.run(id, offset + c.firstLine, offset + c.lastLine, c.text);
        addTerms.run(row.lastInsertRowid, indexTerms(`${c.text}\n${tags.join(' ')}`));
      }
      return { id, path, startLine: offset + 1, endLine };
    });
    return insert();
  }

  async forget(target: ForgetTarget): Promise<{ removed: number }> {
    let ids: string[];
    if (target.id) ids = [target.id];
    else if (target.path)
      ids = (
        this.db.prepare('SELECT id FROM entries WHERE path = ?').all(target.path) as { id: string }[]
      ).map((r) => r.id);
    else if (target.query) {
      const match = matchQuery(target.query);
      ids = match
        ? (
            this.db
              .prepare(
                'SELECT DISTINCT c.entry AS id FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid WHERE chunks_fts MATCH ?',
              )
              .all(match) as { id: string }[]
          ).map((r) => r.id)
        : [];
    } else throw new Error('memory.forget needs an id, a path or a query');
    const remove = this.db.transaction((entries: string[]) => {
      let removed = 0;
      for (const entry of entries) {
        this.db
          .prepare('DELETE FROM chunks_fts WHERE rowid IN (SELECT id FROM chunks WHERE entry = ?)')
          .run(entry);
        this.db.prepare('DELETE FROM chunks WHERE entry = ?').run(entry);
        removed += this.db.prepare('DELETE FROM entries WHERE id = ?').run(entry).changes;
      }
      return removed;
    });
    return { removed: remove(ids) };
  }

  close(): void {
    this.db.close();
  }

  private match(query: string, limit: number): HitRow[] {
    if (!query) return [];
    return this.db
      .prepare(
        `SELECT c.entry, e.path, c.start_line, c.end_line, c.text, bm25(chunks_fts) AS rank
         FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN entries e ON e.id = c.entry
         WHERE chunks_fts MATCH ? ORDER BY rank LIMIT ?`,
      )
      .all(query, limit) as HitRow[];
  }
}
