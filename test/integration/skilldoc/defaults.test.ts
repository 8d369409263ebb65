import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

/**
 * A folder as users have them: an AgentOS document without frontmatter, a Markdown file with a
 * name-only frontmatter (not a skill in a walk), an Agent Skills folder whose SKILL.md has no name
 * (an error: the client guide skips it), files that look like skills but are none, and a README.
 */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skein-docs-'));
  writeFileSync(join(dir, 'sales_rules.SKILL.md'), '# Sales rules\n\nRound figures to 万元.\n');
  writeFileSync(
    join(dir, 'glossary.md'),
    '---\nname: glossary\n---\n# Glossary\n\nGMV: gross merchandise value.\n',
  );
  mkdirSync(join(dir, 'report-style'));
  writeFileSync(join(dir, 'report-style', 'SKILL.md'), '---\ndescription: How reports look\n---\n# Style\n');
  writeFileSync(join(dir, 'chunks.md'), '# Notes\n\n<chunk id="a" description="first">A</chunk>\n');
  writeFileSync(join(dir, 'pipeline.json'), '{ "name": "x", "mode": "composite", "pipeline": [] }\n');
  writeFileSync(join(dir, 'README.md'), '# Skills of the sales team\n');
  return dir;
}

type Diagnostic = { severity: string; code: string; message: string };

test('AgentOS documents without frontmatter load with its defaults; an Agent Skills SKILL.md without a name is an error; look-alikes are named', async () => {
  const dir = folder();
  const r = await skein(['validate', '--json', dir]);
  const report = JSON.parse(r.stdout) as {
    files: { path: string; dialect: string | null; skills: { id: string }[]; diagnostics: Diagnostic[] }[];
    errors: number;
  };
  assert.equal(report.errors, 1);
  const byName = Object.fromEntries(report.files.map((f) => [f.path.slice(dir.length + 1), f]));
  assert.deepEqual(Object.keys(byName).sort(), ['pipeline.json', 'report-style', 'sales_rules.SKILL.md']);

  assert.deepEqual(byName['sales_rules.SKILL.md'].skills, [{ id: 'sales_rules', version: '1.0.0' }]);
  assert.match(
    byName['sales_rules.SKILL.md'].diagnostics.find((d) => d.code === 'skilldoc/missing-frontmatter')!
      .message,
    /loaded with AgentOS's defaults \(name "sales_rules", description "No description provided"\)/,
  );
  assert.deepEqual(byName['report-style'].skills, []);
  assert.deepEqual(
    byName['report-style'].diagnostics.map((d) => [d.severity, d.code]),
    [['error', 'skilldoc/missing-name']],
  );
  assert.match(byName['pipeline.json'].diagnostics[0].message, /skilljson: it declares a "mode"/);

  // --verbose says why glossary.md and chunks.md are not skills; the README is just not one.
  const human = await skein(['validate', dir, '--verbose']);
  assert.match(
    human.stdout,
    /skipped .*glossary\.md \(Markdown with a name\/description frontmatter, not a skill/,
  );
  assert.match(human.stdout, /skipped .*chunks\.md \(Markdown with <chunk> blocks, not a skill/);
  assert.match(human.stdout, /skipped .*README\.md \(not a skill file of any dialect\)/);
  // Named on the command line, glossary.md is read as a skill document, with AgentOS's defaults.
  const named = JSON.parse((await skein(['validate', '--json', join(dir, 'glossary.md')])).stdout);
  assert.deepEqual(named.files[0].skills, [{ id: 'glossary', version: '1.0.0' }]);
  assert.ok(named.files[0].diagnostics.some((d: Diagnostic) => d.code === 'skilldoc/missing-description'));
});

test('skein chat sees a document without a frontmatter, and names the files it skipped', async (t) => {
  const fake = await startFakeOpenAI([{ text: '四舍五入到万元。' }]);
  t.after(() => fake.close());
  const r = await skein(['chat', '--skills', folder(), '--message', '金额怎么写？'], {
    env: {
      SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-docs-chat-')),
      SKEIN_MODEL: 'compat:fake-model',
      SKEIN_BASE_URL: fake.url,
    },
  });
  assert.equal(r.code, 0, r.stderr);
  const system = messageText(fake.requests[0].messages.find((m) => m.role === 'system')!);
  assert.match(system, /## Skill: sales_rules\nDescription: No description provided/);
  assert.doesNotMatch(system, /## Skill: (glossary|report-style)/);
  assert.match(r.stderr, /skipped .*pipeline\.json/);
});
