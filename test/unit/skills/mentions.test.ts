import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPaths } from '../../../src/skills/index.js';

test('Markdown that mentions AgenticDSL in a code span or a fence is not taken for a graph', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-mention-'));
  writeFileSync(
    join(dir, 'notes.md'),
    '# Notes\n\nGraphs are `### AgenticDSL` headings with YAML blocks:\n\n```markdown\n### AgenticDSL `/main`\n```\n',
  );
  const { units, skipped } = await loadPaths([dir]);
  assert.deepEqual(
    units.flatMap((u) => u.diagnostics.map((d) => d.code)),
    [],
  );
  assert.deepEqual(
    skipped.map((s) => s.path),
    [join(dir, 'notes.md')],
  );
});
