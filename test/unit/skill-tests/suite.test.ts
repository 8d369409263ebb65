import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { runSuite } from '../../../src/skill-tests/index.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/skill-tests');
const config = loadConfig(tmpdir(), {});

test('an Aegis skill runs its <name>.cases.yaml with the scripted model: prompt checks, refusals, and a failure that says what differs', async () => {
  const result = await runSuite({
    paths: [join(FIXTURES, 'aegis')],
    levels: ['L1', 'L2'],
    repeat: 1,
    config,
  });
  assert.deepEqual(result.diagnostics, []);
  assert.deepEqual(
    result.cases.map((c) => [c.skill, c.level, c.name, c.status, c.failures]),
    [
      ['translate', 'L1', 'the prompt names the language and carries the text', 'passed', []],
      ['translate', 'L2', 'a missing input is refused before the model is asked', 'passed', []],
      [
        'translate',
        'L2',
        'a wrong expectation fails and says what differs',
        'failed',
        ['output.translation: expected "Guten Morgen", got "Guten Tag"'],
      ],
    ],
  );
  assert.deepEqual([result.passed, result.failed, result.skipped], [2, 1, 0]);
});

test('L3 and integration cases are opt-in, and skipped with a notice without a real model', async () => {
  const defaults = await runSuite({
    paths: [join(FIXTURES, 'real')],
    levels: ['L1', 'L2'],
    repeat: 1,
    config,
  });
  assert.deepEqual(
    defaults.cases.map((c) => [c.status, c.skipped]),
    [
      ['skipped', 'opt-in: run it with --level integration and a real model configured'],
      ['skipped', 'opt-in: run it with --level integration and a real model configured'],
      ['skipped', 'opt-in: run it with --level L3 and a real model configured'],
    ],
  );
  const none = await runSuite({
    paths: [join(FIXTURES, 'real')],
    levels: ['integration'],
    repeat: 1,
    config,
  });
  assert.equal(none.cases[0].status, 'skipped');
  assert.match(
    none.cases[0].skipped!,
    /^no real model is available: No model is configured\. .*\(set SKEIN_MODEL or pass --model\)$/,
  );
});

test('--repeat gives each case a pass rate; a real model serves integration runs and grades L3 answers', async (t) => {
  let translations = 0;
  const real = await startFakeOpenAI((request) => {
    const system = request.messages
      .filter((m) => m.role === 'system')
      .map(messageText)
      .join('');
    if (system.includes('You grade the answer')) {
      const graded = messageText(request.messages.at(-1)!);
      return { text: JSON.stringify({ pass: graded.includes('Bonjour'), reason: 'Bonjour is French.' }) };
    }
    return { text: translations++ % 2 === 0 ? 'Bonjour' : 'Salut' };
  });
  t.after(() => real.close());
  const result = await runSuite({
    paths: [join(FIXTURES, 'real')],
    levels: ['integration', 'L3'],
    repeat: 4,
    config: { ...config, baseUrl: real.url },
    model: 'compat:real-model',
  });
  assert.deepEqual(
    result.cases.map((c) => [c.level, c.status, c.passes, c.runs, c.passRate, c.minPassRate]),
    [
      ['integration', 'passed', 2, 4, 0.5, 0.5],
      ['integration', 'failed', 2, 4, 0.5, 0.8],
      ['L3', 'passed', 4, 4, 1, 1],
    ],
  );
  assert.deepEqual(result.cases[1].failures, ['output.translation: expected "Bonjour", got "Salut"']);
  assert.equal(
    real.requests.filter((r) => messageText(r.messages[0]).includes('You grade the answer')).length,
    4,
  );
});
