import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexTerms, matchQuery, SqliteMemory } from '../../../src/memory/index.js';

function fresh(): { memory: SqliteMemory; file: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'skein-mem-')), 'memory.db');
  return { memory: new SqliteMemory(file), file };
}

test('Chinese text is indexed as overlapping pairs, so words are found inside longer runs', () => {
  assert.equal(indexTerms('财务报表 Q3 report'), ' 财务 务报 报表 表  Q3 report');
  assert.equal(matchQuery('报表'), '"报表"');
  assert.equal(matchQuery('财务报表 数据库'), '"财务 务报 报表" OR "数据 据库"');
  assert.equal(matchQuery('表'), '"表"*');
  assert.equal(matchQuery('debug 报'), '"debug"* OR "报"*');
  assert.equal(matchQuery('财务报表', true), '"财务" OR "务报" OR "报表"');
  assert.equal(matchQuery('  ，。!'), '');
});

test('memory search finds 报表 inside 财务报表, with snippet, score, path and lines', async (t) => {
  const { memory } = fresh();
  t.after(() => memory.close());
  const stored = await memory.store('第三季度的财务报表已经提交给董事会。\n下周一复核。', {
    path: 'notes/q3.md',
  });
  assert.deepEqual(
    { ...stored, id: undefined },
    { id: undefined, path: 'notes/q3.md', startLine: 1, endLine: 2 },
  );
  await memory.store('午饭吃了拉面。', { path: 'notes/q3.md' });
  const hits = await memory.search('报表');
  assert.deepEqual(hits, [
    {
      id: stored.id,
      snippet: '第三季度的财务报表已经提交给董事会。\n下周一复核。',
      score: 1,
      path: 'notes/q3.md',
      startLine: 1,
      endLine: 2,
    },
  ]);
  assert.equal((await memory.search('表')).length, 1, 'one character matches as a prefix of a pair');
  assert.equal((await memory.search('务报表')).length, 1);
  assert.deepEqual(await memory.search('报告'), []);
});

test('entries append to their document; lines continue; the better match ranks first', async (t) => {
  const { memory } = fresh();
  t.after(() => memory.close());
  await memory.store('We chose PostgreSQL for reporting.', { path: 'MEMORY.md' });
  const second = await memory.store(
    'Reporting database: PostgreSQL 16.\nPostgreSQL replicas in two zones.\nBackups nightly.',
    { path: 'MEMORY.md' },
  );
  assert.deepEqual([second.startLine, second.endLine], [2, 4]);
  const hits = await memory.search('postgresql replicas', 5);
  assert.equal(hits.length, 2);
  assert.equal(hits[0].id, second.id);
  assert.equal(hits[0].score, 1);
  assert.ok(hits[1].score > 0 && hits[1].score < 1, `${hits[1].score}`);
  assert.equal((await memory.search('postgres', 1)).length, 1, 'limit');
});

test('long entries are cut into chunks with their own lines; a snippet is a window around the match', async (t) => {
  const { memory } = fresh();
  t.after(() => memory.close());
  const lines = Array.from(
    { length: 45 },
    (_, i) =>
      `line ${i + 1} ${i === 30 ? '关键的预算数字在这里' : 'filler text that says nothing in particular'}`,
  );
  await memory.store(lines.join('\n'), { path: 'long.md' });
  const [hit] = await memory.search('预算');
  assert.deepEqual([hit.startLine, hit.endLine], [20, 38], 'about 1000 characters a chunk');
  assert.ok(hit.snippet.length <= 242, `${hit.snippet.length}`);
  assert.match(hit.snippet, /^….*line 31 关键的预算数字在这里/s);
});

test('memory persists in its file; forget by id, path or query', async () => {
  const { memory, file } = fresh();
  const a = await memory.store('用户喜欢简洁的回答', { tags: ['偏好'] });
  await memory.store('项目代号是青鸟', { path: 'p.md' });
  await memory.store('青鸟项目下月上线', { path: 'p.md' });
  memory.close();
  const again = new SqliteMemory(file);
  assert.equal((await again.search('偏好'))[0].id, a.id, 'tags are searchable');
  assert.match((await again.search('简洁'))[0].path, /^memory\/\d{4}-\d{2}-\d{2}\.md$/);
  assert.deepEqual(await again.forget({ query: '上线' }), { removed: 1 });
  assert.equal((await again.search('青鸟')).length, 1);
  assert.deepEqual(await again.forget({ path: 'p.md' }), { removed: 1 });
  assert.deepEqual(await again.forget({ id: a.id }), { removed: 1 });
  assert.deepEqual(await again.search('简洁'), []);
  await assert.rejects(again.forget({}), /needs an id, a path or a query/);
  await assert.rejects(again.store('   '), /needs some text/);
  again.close();
});
