import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadDocChunk, DocLookupError } from '../../../src/documents/index.js';
import { loadPaths } from '../../../src/skills/load-paths.js';

const { units } = await loadPaths(['test/fixtures/skilldoc', 'test/fixtures/aegis/greet.md']);
const skills = units.flatMap((u) => u.skills);

test('load_doc_chunk gives one chunk, section or file of one document skill', async () => {
  assert.equal(
    await loadDocChunk(skills, 'data_analyzer', 'limitations'),
    '## Limitations\n- Only supports UTF-8 encoded CSVs.\n- Maximum file size: 100MB.',
  );
  assert.equal(
    await loadDocChunk(skills, 'pdf-forms', 'references/forms.md'),
    '---\ntitle: not the heading\n---\n# Form field types\n\nText fields, check boxes, radio groups and choice lists.\n',
  );
  assert.equal(
    await loadDocChunk(skills, 'pdf-forms', 'reading-fields-2'),
    '## Reading fields\nA second section with the same title gets its own id.',
  );
});

test('an unknown skill, an executable skill and an unknown chunk are clear errors', async () => {
  const failsWith = (message: string) => (e: Error) => e instanceof DocLookupError && e.message === message;
  await assert.rejects(
    loadDocChunk(skills, 'nope', 'x'),
    failsWith('no document skill "nope"; known: pdf-forms, Rule--Breaker-, data_analyzer'),
  );
  await assert.rejects(
    loadDocChunk(skills, 'greet', 'x'),
    failsWith(
      '"greet" is an executable skill, not a document: it has no chunks to load; call it as a function',
    ),
  );
  await assert.rejects(
    loadDocChunk(skills, 'data_analyzer', 'example'),
    failsWith('skill "data_analyzer" has no chunk "example"; its chunks: examples, limitations'),
  );
  await assert.rejects(
    loadDocChunk(skills, 'Rule--Breaker-', 'x'),
    failsWith('skill "Rule--Breaker-" has no chunk "x"; it has no chunks: its summary is the whole document'),
  );
});
