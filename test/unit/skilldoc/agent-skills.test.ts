import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { skilldocFile, skilldocFolder } from '../../../src/dialects/skilldoc/index.js';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { diskFiles } from '../../../src/ir/disk-files.js';
import { referenceTitle } from '../../../src/dialects/skilldoc/resources.js';
import { brief, onlySkill, partsOf } from '../../helpers/skilldoc.js';

const FOLDERS = 'test/fixtures/skilldoc/agent-skills';
const PDF = join(FOLDERS, 'pdf-forms');

test('an Agent Skills folder: sections of a chunkless SKILL.md and its files are on-demand parts', async () => {
  const result = await skilldocFolder.loadFolder(PDF, diskFiles);
  assert.deepEqual(result.diagnostics, []);
  const skill = onlySkill(result);
  assert.deepEqual([skill.id, skill.version, skill.source], ['pdf-forms', '2.1.0', PDF]);
  assert.equal(
    skill.doc.summary,
    [
      '# PDF Forms',
      '',
      'Fill the fields of a PDF form without changing its layout.',
      '',
      '## Overview',
      'Read the fields first, then fill them; never flatten a form the user wants to keep editing.',
      '',
      '[Available Chunks]',
      '- reading-fields: Process › Reading fields',
      '- filling-fields: Filling fields',
      '- reading-fields-2: Reading fields',
      '- references/forms.md: Form field types (reference, 108 B)',
      '- scripts/fill_form.py: script, 73 B',
      '- assets/logo.png: asset, 12 B',
    ].join('\n'),
  );
  const parts = await partsOf(skill);
  assert.deepEqual(
    parts.map((p) => p.kind),
    ['section', 'section', 'section', 'reference', 'script', 'asset'],
  );
  assert.ok(
    parts[0].text.startsWith('# Process\n\n## Reading fields\n'),
    'an empty heading joins the section after it',
  );
  assert.ok(parts[0].text.includes('<chunk id="not-a-chunk"'), 'fenced text stays in its section');
  assert.equal(
    parts[1].text,
    '## Filling fields\nWrite the values as JSON, then run `scripts/fill_form.py form.pdf values.json`.\n\n### Check boxes\nUse the export value, not "true".',
  );
  assert.equal(parts[3].text, readFileSync(join(PDF, 'references/forms.md'), 'utf8'));
  assert.equal(parts[4].text, readFileSync(join(PDF, 'scripts/fill_form.py'), 'utf8'));
  assert.match(parts[5].text, /^\(assets\/logo\.png is a binary file of 12 B; it is not shown as text/);
  assert.deepEqual(skill.meta?.frontmatter, {
    name: 'pdf-forms',
    description:
      'Fill PDF forms from structured data. Use when the user hands over a PDF with fields to fill.',
    license: 'Apache-2.0',
    compatibility: 'Requires Python 3.10+ and pypdf',
    metadata: { author: 'skein-tests', version: '2.1.0' },
    'allowed-tools': 'Bash(python:*) Read',
  });
});

test("breaches of the Agent Skills spec's frontmatter rules are warnings at their positions; the skill still loads", async () => {
  const result = await skilldocFolder.loadFolder(join(FOLDERS, 'rule-breaker'), diskFiles);
  assert.deepEqual(brief(result.diagnostics), [
    '4:1 warning skilldoc/unknown-field',
    '2:7 warning skilldoc/bad-name',
    '2:7 warning skilldoc/name-mismatch',
    '3:14 warning skilldoc/description-too-long',
    '5:16 warning skilldoc/compatibility-too-long',
    '9:5 warning skilldoc/bad-metadata',
  ]);
  const messages = result.diagnostics.map((d) => d.message);
  assert.match(
    messages[1],
    /upper-case letters; it starts or ends with a hyphen; it has consecutive hyphens/,
  );
  assert.match(messages[2], /"Rule--Breaker-" differs from its folder "rule-breaker"/);
  assert.match(messages[3], /1070 characters; the spec allows at most 1024/);
  assert.match(messages[5], /"nested" is a mapping: quote it, nested: "\{\\"too\\":\\"deep\\"\}"/);
  const skill = onlySkill(result);
  assert.equal(skill.doc.summary, 'Just text, no headings at all.');
  assert.deepEqual(skill.doc.parts, []);
});

test('a SKILL.md named on its own is read with its folder; without a name it is an error that offers the folder name', async () => {
  const file = join(PDF, 'SKILL.md');
  const text = readFileSync(file, 'utf8');
  assert.equal(skilldocFile.claimsFile(file, text, true, diskFiles), true);
  const skill = onlySkill(skilldocFile.loadFile(file, text, diskFiles));
  assert.equal(skill.source, PDF);
  assert.equal(skill.doc.parts.length, 6);
  const nameless = skilldocFile.loadFile('x/SKILL.md', '---\ndescription: d\n---\nBody.\n', diskFiles);
  assert.deepEqual(brief(nameless.diagnostics), ['2:1 error skilldoc/missing-name']);
  assert.deepEqual(nameless.skills, []);
  assert.deepEqual(nameless.diagnostics[0].fix, {
    start: { line: 2, column: 1 },
    end: { line: 2, column: 1 },
    text: 'name: x\n',
  });
});

test('loadPaths: folders with SKILL.md are skill folders; Markdown without a name/description frontmatter is skipped', async () => {
  const { units, skipped } = await loadPaths(['test/fixtures/skilldoc']);
  assert.deepEqual(
    units.map((u) => [u.path, u.dialect, u.skills.map((s) => s.id)]),
    [
      [join(FOLDERS, 'pdf-forms'), 'skilldoc', ['pdf-forms']],
      [join(FOLDERS, 'rule-breaker'), 'skilldoc', ['Rule--Breaker-']],
      ['test/fixtures/skilldoc/data_analyzer.SKILL.md', 'skilldoc', ['data_analyzer']],
    ],
  );
  assert.deepEqual(skipped, []);
  const aegis = await loadPaths([resolve('test/fixtures/aegis/greet.md')]);
  assert.equal(aegis.units[0].dialect, 'aegis');
});

test('a frontmatter value with a long run of spaces and no comment loads in linear time', () => {
  // A regex that stripped ` # comment` backtracked over the spaces: 40,000 took 2 s, 200,000 would take a minute.
  const text = `---\nname: wide\ndescription: a${' '.repeat(200_000)}b # note\n---\nBody.\n`;
  const t0 = performance.now();
  const skill = onlySkill(skilldocFile.loadFile('wide/SKILL.md', text, diskFiles));
  assert.ok(performance.now() - t0 < 2000, 'loaded in under 2 s');
  assert.match(skill.description ?? '', /^a {3}.* {3}b$/s);
});

// A fuzz finding: 1 MB of one repeated heading took 13 s (each id tried every suffix from 2 again).
test('repeated headings get numbered ids, also when a heading already reads like a numbered one', () => {
  const text = `---\nname: x\ndescription: d\n---\n\n# X\n\nIntro.\n\n## Step\na\n\n## Step\nb\n\n## Step 2\nc\n\n## Step\nd\n`;
  const parts = onlySkill(skilldocFile.loadFile('x/SKILL.md', text, diskFiles)).doc.parts;
  assert.deepEqual(
    parts.map((p) => p.id),
    ['step', 'step-2', 'step-2-2', 'step-3'],
  );
  const many = onlySkill(skilldocFile.loadFile('x/SKILL.md', text + '\n## Step\ne\n'.repeat(3000), diskFiles))
    .doc.parts;
  assert.equal(many.at(-1)!.id, 'step-3003');
});

// A fuzz finding: a reference file whose heading holds 470,000 blanks took minutes to title.
test("a reference file's title is its first heading, closing hashes and blanks cut", () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-ref-title-'));
  const file = join(dir, 'ref.md');
  writeFileSync(
    file,
    `\`\`\`\n# not this\n\`\`\`\n## Numbers ${' '.repeat(100_000)}in reports ##  \r\nBody\n`,
  );
  assert.equal(referenceTitle(file, diskFiles), `Numbers ${' '.repeat(100_000)}in reports`);
});
