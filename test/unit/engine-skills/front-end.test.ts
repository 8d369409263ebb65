import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AgentNode } from '../../../src/ir/nodes.js';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { count } from '../../../src/tokens/index.js';
import { EXAMPLE } from '../../helpers/engine-harness.js';

/** Writes a skill folder `.skills/<name>/` with the given files and loads it. */
async function load(files: Record<string, string>, name = 'intake') {
  const root = await mkdtemp(join(tmpdir(), 'engine-'));
  const folder = join(root, '.skills', name);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), text);
  }
  const { units } = await loadPaths([root]);
  return {
    folder,
    unit: units[0],
    diagnostics: units
      .flatMap((u) => u.diagnostics)
      .map((d) => ({ ...d, file: d.file.slice(folder.length + 1) || '.' })),
  };
}

const META = {
  name: 'intake',
  description: 'Takes in a matter.',
  tools: ['file__parse'],
  outputs: { provides: ['profile.summary', 'evidence_list'] },
};
const SCHEMA = { properties: { data: { properties: { evidence_list: { type: 'array' } } } } };
const good = (meta: object = META, schema: object = SCHEMA) => ({
  'SKILL.md': '# Intake\n\nTake the matter in.\n',
  'skill.meta.json': JSON.stringify(meta, null, 2),
  'assets/output_schema.json': JSON.stringify(schema, null, 2),
});

test('the example folder compiles to one agent node with the contract, tools, model and scripts', async () => {
  const { units } = await loadPaths([join(EXAMPLE, '.skills/loan-intake')]);
  assert.deepEqual(units[0].diagnostics, []);
  const [skill] = units[0].skills;
  assert.deepEqual(
    [skill.id, skill.version, skill.dialect, skill.model],
    ['loan-intake', '1.0.0', 'engine', 'openrouter:qwen/qwen3-32b'],
  );
  assert.deepEqual(
    skill.graph!.nodes.map((n) => n.kind),
    ['agent', 'end'],
  );
  const agent = skill.graph!.nodes[0] as AgentNode;
  assert.deepEqual(
    [agent.tools, agent.temperature, agent.repairAttempts, agent.maxSteps, agent.turnKey],
    [['file__parse', 'knowledge__search'], 0.2, 2, 6, 'message'],
  );
  assert.deepEqual(
    [agent.validate?.language, agent.validate?.entry, agent.preprocess, agent.postprocess],
    ['python', 'validate', undefined, undefined],
  );
  const props = agent.contract.properties!;
  assert.deepEqual(agent.contract.required, ['response', 'profile', 'data', 'control']);
  assert.equal(agent.contract.additionalProperties, false);
  assert.deepEqual(Object.keys(props.profile.properties!), [
    'summary',
    'plaintiff',
    'defendant',
    'facts',
    'claims',
    'intake_status',
  ]);
  assert.deepEqual(props.profile.properties!.intake_status, { enum: ['in_progress', 'completed'] });
  assert.deepEqual(Object.keys(props.data.properties!), ['evidence_list']);
  assert.equal(props.data.additionalProperties, false);
  const planning = skill.planning!;
  assert.deepEqual(planning.contexts, ['matter']);
  assert.deepEqual(
    planning.when.map((c) => c.source),
    ["state.profile.intake_status != 'completed'"],
  );
  assert.equal(planning.requiresAll[0].test({ state: { matter_id: 'm' } }), true);
  assert.equal(planning.requiresAll[0].test({ state: {} }), false);
});

test('profile fields come only from outputs.provides; nested provides make nested objects', async () => {
  const { unit, diagnostics } = await load(
    good(
      {
        ...META,
        outputs: {
          provides: ['profile.summary', 'profile.decisions.cause_confirmed', 'evidence_list', 'issues'],
        },
      },
      {
        properties: {
          profile: { properties: { summary: { type: 'string' }, age: { type: 'number' } } },
          data: { properties: { evidence_list: { type: 'array' } } },
        },
      },
    ),
  );
  const agent = unit.skills[0].graph!.nodes[0] as AgentNode;
  assert.deepEqual(agent.contract.properties!.profile, {
    type: 'object',
    additionalProperties: false,
    properties: {
      summary: { type: 'string' },
      decisions: { type: 'object', additionalProperties: false, properties: { cause_confirmed: {} } },
    },
  });
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.line, d.column, d.severity, d.code]),
    [
      ['skill.meta.json', 12, 7, 'warning', 'engine/undeclared-data'],
      ['assets/output_schema.json', 8, 9, 'warning', 'engine/profile-not-provided'],
    ],
  );
});

test('every field of skill.meta.json is checked, with positions and messages that say how to fix it', async () => {
  const meta = `{
  "name": "Intake Skill",
  "description": "",
  "version": "one",
  "triggers": { "contexts": "matter", "state_conditions": ["state.profile.status = 'done'"] },
  "requires": { "all": ["matter_id != null"], "some": [] },
  "tools": ["file__parse", "file__parse"],
  "outputs": { "provides": ["state.profile.summary", "data.evidence.list", "profile"] },
  "execution_config": { "model": "qwen3", "temperature": 3, "max_retries": 1.5, "top_k": 3 },
  "internl": true
}`;
  const { diagnostics, unit } = await load({ ...good(), 'skill.meta.json': meta });
  assert.deepEqual(unit.skills, []);
  assert.deepEqual(
    diagnostics
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`),
    [
      '2:11 error engine/bad-name: name "Intake Skill" must be lower case letters, digits, "-" and "_", e.g. "litigation-intake"',
      '3:18 error engine/empty-field: description is empty; write a value',
      '4:14 error engine/bad-version: version "one" is not a semantic version such as "1.0.0"',
      '5:29 error engine/wrong-type: triggers.contexts must be a list of strings, e.g. ["a", "b"]',
      "5:82 error engine/bad-condition: triggers.state_conditions[0] \"state.profile.status = 'done'\": use == to compare (a single = is not an operator), e.g. state.status == 'done'",
      '6:25 error engine/condition-root: requires.all[0] "matter_id != null" reads "matter_id"; conditions read the session state through state. (e.g. state.matter_id) or the session\'s context',
      '6:47 warning engine/unknown-field: requires has "some", which Skein does not read and ignores; known: all, any',
      '7:28 warning engine/duplicate-entry: tools lists "file__parse" twice; remove one',
      '8:29 error engine/bad-provides: outputs.provides has "state.profile.summary": write "profile.summary" (no "state.": provides lists paths of the state)',
      '8:54 error engine/bad-provides: outputs.provides has "data.evidence.list": write the data field itself, "list" (no "data." group)',
      '8:76 error engine/bad-provides: outputs.provides lists "profile" as a whole; list each field, e.g. "profile.summary"',
      '9:34 error engine/model-without-provider: execution_config.model "qwen3" names no provider; add "provider" (openai, anthropic, openrouter, ollama or compat)',
      '9:58 error engine/wrong-value: execution_config.temperature must be a number from 0 to 2',
      '9:76 error engine/wrong-value: execution_config.max_retries must be a whole number from 0 to 10',
      '9:81 warning engine/unknown-field: execution_config has "top_k", which Skein does not read and ignores; known: provider, model, temperature, max_retries, max_steps, timeout_ms, max_reference_tokens',
      '10:3 warning engine/unknown-field: skill.meta.json has "internl", which Skein does not read and ignores; did you mean "internal"?',
    ],
  );
});

test('missing files, broken JSON, a bad output schema and scripts without their function are reported', async () => {
  const missing = await load({ 'SKILL.md': '# x\n' });
  assert.deepEqual(
    missing.diagnostics.map((d) => `${d.file} ${d.code}: ${d.message}`),
    [
      '. engine/missing-meta: the skill folder has no skill.meta.json; add a skill.meta.json with "name", "description", "tools" and "outputs"',
      '. engine/missing-output-schema: the skill folder has no assets/output_schema.json; add assets/output_schema.json, the JSON Schema of the answer\'s "data"',
    ],
  );
  const broken = await load({
    ...good(),
    'skill.meta.json': '{\n  "name": "intake",\n  "description": "x",\n}\n',
    'assets/output_schema.json': '{"properties": {"data": {"type": "objekt"}}}',
    'scripts/validate.py': 'def check(payload):\n    return None\n',
    'scripts/preprocess.ts': 'export const other = 1;\n',
    'scripts/helpers.py': 'def validate(x): pass\n',
  });
  assert.deepEqual(
    broken.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`),
    [
      'skill.meta.json:3:21 engine/bad-json: ' +
        join(broken.folder, 'skill.meta.json') +
        ' is not valid JSON: a trailing comma before } is not allowed in JSON; remove the comma',
      'assets/output_schema.json:1:34 engine/bad-schema: assets/output_schema.json is not a valid JSON Schema: /properties/data/type must be equal to one of the allowed values',
      'scripts/preprocess.ts:1:1 engine/script-entry-missing: scripts/preprocess.ts defines no preprocess function; write export function preprocess(payload) { … }',
      'scripts/validate.py:1:1 engine/script-entry-missing: scripts/validate.py defines no validate function; write def validate(payload):',
    ],
  );
});

test('a folder in .skills without skill.meta.json is claimed and reported; the references are cut to their token budget', async () => {
  const bare = await load({ 'SKILL.md': '# Only a prompt\n' }, 'bare');
  assert.equal(bare.unit.dialect, 'engine');
  assert.equal(bare.diagnostics[0].code, 'engine/missing-meta');

  const long = Array.from(
    { length: 200 },
    (_, i) => `Rule ${i + 1}: the intake records every fact the client states.`,
  ).join('\n');
  const { unit } = await load({
    ...good({ ...META, execution_config: { max_reference_tokens: 100 } }),
    'references/a-rules.md': long,
    'references/b-more.md': 'more',
  });
  const system = (unit.skills[0].graph!.nodes[0] as AgentNode).system.render({});
  const references = system.slice(system.indexOf('## References'), system.indexOf('## Current state'));
  assert.match(references, /### a-rules\.md\n\nRule 1: /);
  assert.match(
    references,
    /\(References were cut to 100 tokens; not shown in full: a-rules\.md \(cut\), b-more\.md\.\)/,
  );
  assert.ok(!references.includes('Rule 200'));
  assert.deepEqual((unit.skills[0].meta!.references as { cut: string[] }).cut, [
    'a-rules.md (cut)',
    'b-more.md',
  ]);
  const kept = references.slice('## References\n\n'.length, references.indexOf('\n\n(References were cut'));
  assert.ok(count(kept) <= 100 && count(kept) > 80, `${count(kept)} tokens kept of a budget of 100`);
});
