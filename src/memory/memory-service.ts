/** One search result: the matching part of a stored memory and where it is. */
export interface MemoryHit {
  /** The stored entry, for `forget({ id })`. */
  id: string;
  snippet: string;
  /** Relevance from 0 to 1 (the best hit of a search is 1). */
  score: number;
  path: string;
  startLine: number;
  endLine: number;
}

/** Where a stored memory went: its entry id, the document (path) it was appended to, and its lines there. */
export interface StoredMemory {
  id: string;
  path: string;
  startLine: number;
  endLine: number;
}

/** What to forget: one entry, a whole document, or every entry a search finds. */
export interface ForgetTarget {
  id?: string;
  path?: string;
  query?: string;
}

/** Long-term memory as skills see it (`ctx.memory`): full-text search that finds Chinese words inside longer text. */
export interface MemoryService {
  search(query: string, limit?: number): Promise<MemoryHit[]>;
  /** Appends text to a document (`path`, default today's `memory/YYYY-MM-DD.md`). */
  store(content: string, options?: { path?: string; tags?: readonly string[] }): Promise<StoredMemory>;
  forget(target: ForgetTarget): Promise<{ removed: number }>;
}
