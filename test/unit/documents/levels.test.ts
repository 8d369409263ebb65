import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocLookupError, headingLevel, sectionIds } from '../../../src/documents/index.js';

const BODY = [
  '# Guide',
  '',
  'Intro text.',
  '',
  '## Setup',
  'Install the tool. ' + 'x'.repeat(250),
  '',
  '### Linux',
  'apt install tool',
  '',
  '```sh',
  '## not a heading',
  '```',
  '',
  '### 中文 标题',
  '全角文字。',
  '',
  '## Usage',
  'Run it.',
  '',
  '## Usage',
  'Again.',
].join('\n');

test('level 1: the H1 and H2 titles, fenced lines excluded', () => {
  assert.equal(headingLevel(BODY, 1), '# Guide\n## Setup\n## Usage\n## Usage');
});

test('level 2: under each H2 (or one), the first 200 characters of its text and its H3 titles', () => {
  const lead = `Install the tool. ${'x'.repeat(182)}…`;
  assert.equal([...lead].length, 201);
  assert.equal(headingLevel(BODY, 2, 'setup'), `## Setup\n${lead}\n### Linux\n### 中文 标题`);
  assert.equal(
    headingLevel(BODY, 2),
    `## Setup\n${lead}\n### Linux\n### 中文 标题\n\n## Usage\nRun it.\n\n## Usage\nAgain.`,
  );
  assert.equal(headingLevel(BODY, 2, 'usage-2'), '## Usage\nAgain.');
});

test('level 3: the whole body, or the whole of one section', () => {
  assert.equal(headingLevel(BODY, 3), BODY);
  assert.equal(headingLevel(BODY, 3, 'usage'), '## Usage\nRun it.');
});

test('section ids are slugs of the H2 titles, numbered when repeated; an unknown one is a clear error', () => {
  assert.deepEqual(sectionIds(BODY), ['setup', 'usage', 'usage-2']);
  assert.throws(
    () => headingLevel(BODY, 2, 'install'),
    (e: Error) =>
      e instanceof DocLookupError &&
      e.message === 'no "## " section with the id "install"; sections: setup, usage, usage-2',
  );
});
