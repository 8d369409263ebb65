import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';

const OPENEVO = join(CORPUS, 'openevo');

test('the corpus skills and the spec examples load without errors', { skip: corpusSkip }, async () => {
  const { units, skipped } = await loadPaths([join(OPENEVO, 'skills'), join(OPENEVO, 'spec_examples')]);
  const errors = units.flatMap((u) => u.diagnostics).filter((d) => d.severity === 'error');
  assert.deepEqual(errors, []);
  assert.deepEqual(
    skipped.map((s) => s.path.slice(OPENEVO.length + 1)),
    ['spec_examples/06_meta_schema.json'],
  );
  const ids = units.flatMap((u) => u.skills.map((s) => `${s.id} ${s.meta?.mode}`));
  assert.equal(ids.length, 19);
  for (const id of [
    'code_search code',
    'domain_classify llm',
    'intent_recognize llm',
    'task_planner code',
    'research_and_summarize composite',
  ])
    assert.ok(ids.includes(id), `${id} in ${ids.join(', ')}`);
  const warnings = new Set(units.flatMap((u) => u.diagnostics).map((d) => d.code));
  assert.deepEqual([...warnings].sort(), ['skilljson/missing-implementation', 'skilljson/missing-prompt']);
});

test(
  'a corpus llm skill: prompt.md with {{#if}} and format_skills renders from the input',
  { skip: corpusSkip },
  async () => {
    const { units } = await loadPaths([join(OPENEVO, 'skills/intent_recognize')]);
    const node = units[0].skills[0].graph!.nodes[0];
    assert.equal(node.kind, 'llm');
    const system =
      node.kind === 'llm'
        ? node.system!.render({
            input: {
              message: '你好',
              available_skills: [{ name: 'memory_search', category: '记忆', description: '搜索' }],
              retry_feedback: '再想想',
            },
          })
        : '';
    assert.match(system, /用户消息：\n你好\n/);
    assert.match(system, /- \*\*memory_search\*\* \[记忆\]: 搜索/);
    assert.match(system, /## ⚠️ 重试提示/);
    assert.doesNotMatch(system, /相关记忆：/, 'an {{#if}} on a missing value leaves its text out');
    assert.equal(node.kind === 'llm' && node.repairAttempts, 1);
  },
);

test(
  'OpenClaw manifests (another schema) are rejected, each with what skill.json needs',
  { skip: corpusSkip },
  async () => {
    const { units } = await loadPaths([join(OPENEVO, 'other_schema_openclaw')]);
    assert.equal(units.length, 77);
    for (const u of units) {
      assert.equal(u.dialect, 'skilljson');
      assert.deepEqual(u.skills, []);
      const first = u.diagnostics.find((d) => d.code === 'skilljson/other-schema');
      assert.ok(first, `${u.path}: ${JSON.stringify(u.diagnostics)}`);
      assert.deepEqual([first.line, first.column, first.severity], [1, 1, 'error']);
    }
    const weather = units.find((u) => u.path.endsWith('skills-registry_weather'))!;
    assert.deepEqual(
      weather.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`),
      [
        '1:1 skilljson/other-schema',
        '5:3 skilljson/unknown-field',
        '6:3 skilljson/unknown-field',
        '9:3 skilljson/unknown-field',
        '17:3 skilljson/unknown-field',
      ],
    );
    assert.match(
      weather.diagnostics[0].message,
      /looks like an OpenClaw skill manifest \(it has "emoji", "homepage", "checks", "actions"\).*"input" and "output" \(JSON Schemas\), and "mode"/,
    );
    const notes = units.find((u) => u.path.endsWith('skills-registry_apple-notes'))!;
    assert.match(
      notes.diagnostics.find((d) => d.code === 'skilljson/bad-field')!.message,
      /"name" must be snake_case.*e\.g\. "apple_notes"/,
    );
  },
);
