/** What `database.query` gets back from one statement. */
export interface SqlResult {
  /** Row objects for statements that return rows; empty for the others. */
  rows: Record<string, unknown>[];
  /** Rows returned, or rows changed by a statement that returns none. */
  rowCount: number;
}

/** A database that `database.query` runs statements on (SQLite and PostgreSQL plug in here). */
export interface SqlDatabase {
  /** The placeholder for the n-th bound value (n from 1): `?` for SQLite, `$n` for PostgreSQL. */
  placeholder(n: number): string;
  /** Runs one statement with bound values. */
  query(sql: string, values: readonly unknown[]): Promise<SqlResult>;
  /** Closes connections, if any were opened. */
  close(): Promise<void>;
}
