import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { greetDoc } from '../../helpers/greet-doc.js';

const FIX = 'test/fixtures/skilldoc';
const PDF = `${FIX}/agent-skills/pdf-forms`;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-docs-')),
    SKEIN_SKILLS: FIX,
    SKEIN_MODEL: '',
    ...extra,
  };
}

test('skein docs SKILL prints the summary; --chunk one part; id@version from the skills path works too', async () => {
  const summary = await skein(['docs', `${FIX}/data_analyzer.SKILL.md`], { env: env() });
  assert.equal(summary.code, 0, summary.stderr);
  assert.ok(summary.stdout.startsWith('# Data Analyzer Skill\n\n## Overview\n'));
  assert.ok(
    summary.stdout.endsWith(
      '[Available Chunks]\n- examples: 3 examples of different analysis types\n- limitations: Known constraints and edge cases\n',
    ),
  );
  const chunk = await skein(['docs', 'data_analyzer@1.0.1', '--chunk', 'limitations'], { env: env() });
  assert.equal(chunk.code, 0, chunk.stderr);
  assert.equal(
    chunk.stdout,
    '## Limitations\n- Only supports UTF-8 encoded CSVs.\n- Maximum file size: 100MB.\n',
  );
  const file = await skein(['docs', PDF, '--chunk', 'scripts/fill_form.py'], { env: env() });
  assert.equal(file.stdout, `${readFileSync(`${PDF}/scripts/fill_form.py`, 'utf8')}\n`);
});

test('skein docs --level 1|2|3 shows heading levels', async () => {
  const l1 = await skein(['docs', PDF, '--level', '1'], { env: env() });
  assert.equal(
    l1.stdout,
    '# PDF Forms\n## Overview\n# Process\n## Reading fields\n## Filling fields\n## Reading fields\n',
  );
  const l2 = await skein(['docs', PDF, '--level', '2', '--chunk', 'filling-fields'], { env: env() });
  assert.equal(
    l2.stdout,
    '## Filling fields\nWrite the values as JSON, then run `scripts/fill_form.py form.pdf values.json`. Use the export value, not "true".\n### Check boxes\n',
  );
  const l3 = await skein(['docs', PDF, '--level', '3', '--chunk', 'overview'], { env: env() });
  assert.equal(
    l3.stdout,
    '## Overview\nRead the fields first, then fill them; never flatten a form the user wants to keep editing.\n',
  );
});

test('skein docs errors: unknown chunk (1), an executable skill or bad options (2)', async () => {
  const unknown = await skein(['docs', `${FIX}/data_analyzer.SKILL.md`, '--chunk', 'nope'], { env: env() });
  assert.equal(unknown.code, 1);
  assert.equal(
    unknown.stderr,
    'skill "data_analyzer" has no chunk "nope"; its chunks: examples, limitations\n',
  );
  const executable = await skein(['docs', 'test/fixtures/aegis/greet.md'], { env: env() });
  assert.equal(executable.code, 2);
  assert.match(
    executable.stderr,
    /greet \(aegis\) is a skill with steps, not a document; "skein docs generate test\/fixtures\/aegis\/greet\.md" writes a SKILL\.md for it/,
  );
  const both = await skein(['docs', PDF, '--summary', '--level', '2'], { env: env() });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /choose one of --summary, --chunk ID and --level N/);
  const level = await skein(['docs', PDF, '--level', '4'], { env: env() });
  assert.equal(level.code, 2);
  assert.match(level.stderr, /--level is 1, 2 or 3, not "4"/);
});

test('skein docs --stats prints the token table; --json the figures', async () => {
  const table = await skein(['docs', '--stats', FIX], { env: env() });
  assert.equal(table.code, 0, table.stderr);
  const lines = table.stdout.split('\n');
  assert.match(lines[0], /^file\s+full\s+summary\s+saving\s+with refs$/);
  assert.match(
    table.stdout,
    /\ntest\/fixtures\/skilldoc\/data_analyzer\.SKILL\.md\s+183\s+119\s+35%\s+183\n/,
  );
  assert.match(table.stdout, /\ntotal\s+[\d,]+\s+[\d,]+\s+-?\d+%\s+[\d,]+\n/);
  assert.match(
    table.stdout,
    /catalog view \(name, description, chunks or reference files\): [\d,]+ tokens for 3 documents/,
  );
  const json = JSON.parse(
    (await skein(['docs', '--stats', `${FIX}/data_analyzer.SKILL.md`, '--json'], { env: env() })).stdout,
  );
  assert.deepEqual(json.documents, [
    {
      id: 'data_analyzer',
      file: `${FIX}/data_analyzer.SKILL.md`,
      full: 183,
      summary: 119,
      saving: 0.35,
      withReferences: 183,
    },
  ]);
  assert.deepEqual(Object.keys(json.total), ['full', 'summary', 'withReferences', 'catalog', 'saving']);
  assert.equal(json.errors, 0);
});

test('skein docs generate writes a checked SKILL.md with the configured model, asking again after a defect', async () => {
  const fake = await startFakeOpenAI([{ text: greetDoc('') }, { text: greetDoc() }]);
  try {
    const out = join(mkdtempSync(join(tmpdir(), 'skein-gen-')), 'docs', 'greet.SKILL.md');
    const r = await skein(['docs', 'generate', 'test/fixtures/aegis/greet.md', '--out', out], {
      env: env({ SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: fake.url }),
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(out, 'utf8'), greetDoc());
    assert.match(
      r.stderr,
      /attempt 1: 1 problem; asking again\n {2}line 23: chunk "examples" is never closed/,
    );
    assert.match(r.stderr, /wrote .*greet\.SKILL\.md \(2 attempts\)/);
    const check = await skein(['validate', out], { env: env() });
    assert.equal(check.code, 0, check.stdout);
  } finally {
    await fake.close();
  }
});

test('skein docs generate without a model says how to configure one', async () => {
  const r = await skein(['docs', 'generate', 'test/fixtures/aegis/greet.md'], { env: env() });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /No model is configured/);
});
