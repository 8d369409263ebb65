import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryFiles } from '../../../src/ir/file-source.js';
import { loadText } from '../../../src/skills/index.js';

test('MemoryFiles holds the files given and nothing else', async () => {
  const files = new MemoryFiles({ 'pdf/SKILL.md': 'a', './pdf/references/forms.md': 'b', '/etc/x': 'c' });
  assert.equal(await files.read('pdf/./references/forms.md'), 'b');
  assert.deepEqual(
    files.listSync('pdf').sort((a, b) => (a.name < b.name ? -1 : 1)),
    [
      { name: 'SKILL.md', kind: 'file' },
      { name: 'references', kind: 'folder' },
    ],
  );
  assert.deepEqual(
    files.listSync('.').map((e) => e.name),
    ['pdf'],
  );
  assert.deepEqual(
    files.listSync('/').map((e) => e.name),
    ['etc'],
  );
  assert.equal(files.exists('pdf/references'), true);
  assert.equal(files.exists('/etc/passwd'), false);
  assert.equal(files.size('pdf/SKILL.md'), 1);
  assert.throws(() => files.readSync('README.md'), /no file README.md/);
  assert.throws(() => files.listSync('/usr'), /no folder/);
  assert.equal(files.absolute('pdf/SKILL.md'), '/pdf/SKILL.md');
});

test('a SKILL.md loaded from memory lists the posted files as its parts', async () => {
  const text = '---\nname: pdf\ndescription: Fills forms.\n---\n# PDF\n\nSee [forms](references/forms.md).\n';
  const files = new MemoryFiles({ 'pdf/SKILL.md': text, 'pdf/references/forms.md': '# Filling forms\n' });
  const unit = loadText('pdf/SKILL.md', text, { files });
  assert.deepEqual(unit.diagnostics, []);
  const parts = unit.skills[0].doc!.parts;
  assert.deepEqual(
    parts.map((p) => [p.id, p.description]),
    [['references/forms.md', 'Filling forms (reference, 16 B)']],
  );
  assert.equal(await parts[0].load(), '# Filling forms\n');
});
