#!/usr/bin/env node
// Rebuilds examples/data/sales.db from examples/data/sales.sql (run: node examples/data/build-sales-db.mjs).
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const sqlFile = fileURLToPath(new URL('sales.sql', import.meta.url));
const dbFile = fileURLToPath(new URL('sales.db', import.meta.url));

rmSync(dbFile, { force: true });
const db = new Database(dbFile);
db.exec(readFileSync(sqlFile, 'utf8'));
const { rows } = db.prepare('SELECT count(*) AS rows FROM sales').get();
db.close();
console.log(`wrote ${dbFile} (${rows} rows)`);
