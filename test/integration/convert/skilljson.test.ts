import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertSkill } from '../../../src/convert/index.js';
import { loadText } from '../../../src/index.js';
import { ROOT, skein } from '../../helpers/cli.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';

// skein convert --to skilljson (docs/distribution.md, "Convert"): a skill.json composite whose pipeline
// steps call skills. A skill.json composite goes through it and back unchanged in meaning (same outputs);
// the steps of Aegis and AgenticDSL files (prompts, templates, tools, pauses) are no skill calls, so
// each is named as lost and the command refuses without --allow-loss.

const RUN = join(ROOT, 'test/fixtures/skilljson/run');

async function runJson(skill: string, input: unknown, skills: string) {
  const home = mkdtempSync(join(tmpdir(), 'skein-sj-conv-'));
  const r = await skein(['run', skill, '--input', JSON.stringify(input), '--json'], {
    env: { SKEIN_HOME: home, SKEIN_SKILLS: skills, SKEIN_MODEL: '' },
  });
  assert.ok(r.stdout, r.stderr);
  const out = JSON.parse(r.stdout);
  return { status: out.status, output: out.output };
}

test('skill.json composite → skilljson: nothing lost, and the written skill gives the same outputs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-sj-out-'));
  const out = join(dir, 'chain.skill.json');
  const r = await skein([
    'convert',
    join(RUN, 'chain/skill.json'),
    '--to',
    'skilljson',
    '--out',
    out,
    '--json',
  ]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(JSON.parse(r.stdout).lost, []);
  const written = JSON.parse(readFileSync(out, 'utf8'));
  assert.equal(written.mode, 'composite');
  assert.deepEqual(written.calls, ['echo']);
  assert.equal(written.pipeline[2].condition, 'input.shout == true');
  // The written skill runs beside echo (a copy of it in a folder of its own).
  const skills = mkdtempSync(join(tmpdir(), 'skein-sj-skills-'));
  writeFileSync(join(skills, 'chain.skill.json'), readFileSync(out));
  for (const shout of [true, false]) {
    const input = { words: ['a', 'b', 'c'], shout };
    const original = await runJson('chain', input, RUN);
    assert.equal(original.status, 'completed');
    assert.deepEqual(await runJson('chain', input, `${skills}:${join(RUN, 'echo')}`), original);
  }
});

test(
  'Aegis and AgenticDSL corpus files → skilljson: every step that is no skill call is named as lost',
  { skip: corpusSkip },
  async () => {
    for (const dialect of ['aegis', 'agenticdsl'] as const) {
      const folder = join(CORPUS, dialect);
      for (const file of readdirSync(folder).filter((f) => f.endsWith('.md'))) {
        const skill = loadText(join(folder, file), readFileSync(join(folder, file), 'utf8')).skills[0];
        if (!skill?.graph) continue;
        const { text, lost } = convertSkill(skill, 'skilljson');
        assert.ok(lost.length, `${file}: something is lost`);
        for (const node of skill.graph.nodes.filter(
          (n) => n.kind !== 'end' && n.kind !== 'call' && !(n.kind === 'assign' && !n.assignments.length),
        ))
          assert.ok(
            lost.some((l) => l.step === node.id),
            `${file}: ${node.id} is named as lost`,
          );
        assert.equal(JSON.parse(text).mode, 'composite');
      }
    }
    const file = join(CORPUS, 'aegis/skill-dsl_src_test_resources_skills_simple_tool.md');
    const refused = await skein(['convert', file, '--to', 'skilljson', '--json']);
    assert.equal(refused.code, 1);
    const error = JSON.parse(refused.stdout).error;
    assert.equal(error.code, 'conversion_lossy');
    assert.deepEqual(error.fields[0], {
      field: 'search',
      message: 'a tool step (a skill.json pipeline step only calls a skill)',
    });
  },
);
