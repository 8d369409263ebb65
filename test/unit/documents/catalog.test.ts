import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogView, docTokens, groupByFolder, saving } from '../../../src/documents/index.js';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { count } from '../../../src/tokens/index.js';

const { units } = await loadPaths(['test/fixtures/skilldoc', 'test/fixtures/aegis/greet.md']);
const skills = units.flatMap((u) => u.skills);

test('the catalog view: name, description and the chunks or reference files of each document skill', () => {
  assert.equal(
    catalogView(skills),
    [
      '- pdf-forms: Fill PDF forms from structured data. Use when the user hands over a PDF with fields to fill.',
      '  references: references/forms.md',
      `- Rule--Breaker-: ${'Breaks every rule of the Agent Skills frontmatter. '.repeat(21).trim()}`,
      '- data_analyzer: Analyzes CSV data and generates charts.',
      '  chunks: examples, limitations',
    ].join('\n'),
  );
});

test('reference paths that share a folder are written once', () => {
  assert.deepEqual(groupByFolder(['a.md', 'x/b.md', 'x/c.md', 'y/z/d.md', 'e.md']), [
    'a.md',
    'e.md',
    'x/{b.md, c.md}',
    'y/z/d.md',
  ]);
});

test('token counts: full body, summary, and body with references, from a real tokenizer', async () => {
  const analyzer = skills.find((s) => s.id === 'data_analyzer')!;
  const t = await docTokens(analyzer);
  assert.deepEqual(t, {
    id: 'data_analyzer',
    source: analyzer.source,
    full: count(analyzer.doc!.body),
    summary: count(analyzer.doc!.summary),
    withReferences: count(analyzer.doc!.body),
  });
  assert.equal(t.full, 183);
  assert.equal(t.summary, 119);
  assert.equal(Math.round(saving(t) * 100), 35);
  const pdf = await docTokens(skills.find((s) => s.id === 'pdf-forms')!);
  assert.equal(
    pdf.withReferences - pdf.full,
    count(
      '---\ntitle: not the heading\n---\n# Form field types\n\nText fields, check boxes, radio groups and choice lists.\n',
    ),
  );
  await assert.rejects(docTokens(skills.find((s) => s.id === 'greet')!), /greet is not a document skill/);
});
