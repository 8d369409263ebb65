import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createLlmService } from '../../../src/host/index.js';
import { loadPaths } from '../../../src/skills/index.js';
import {
  buildRouteIndex,
  DEFAULT_SETTINGS,
  persistRouteIndex,
  restoreRouteIndex,
} from '../../../src/routing/index.js';
import { messageText, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';
import { testConfig } from '../../helpers/tools.js';

const skills = (await loadPaths([join(import.meta.dirname, '../../fixtures/routing')])).units.flatMap(
  (u) => u.skills,
);
const index = buildRouteIndex(skills);

test('a best candidate that barely leads its runner-up is no choice, and the why says by how much', () => {
  const picky = buildRouteIndex(skills, {
    settings: { ...DEFAULT_SETTINGS, decision: { least: 0.05, sure: 0.99, margin: 0.5 } },
  });
  const close = picky.rank('write a report', { limit: 1 });
  assert.equal(close.choice, null);
  assert.equal(close.candidates.length, 1);
  assert.match(
    close.why,
    /^no skill fits: the best, \S+ \(.*report \(.*score [\d.]+\), leads \S+ \([\d.]+\) by only \d+%; below 0\.99 a choice must lead by 50%$/,
  );
  // A clear winner leads by far more, and is chosen under the same rule.
  assert.equal(
    picky.rank('Review this supplier contract and flag risky clauses').choice?.id,
    'contract-review',
  );
});

test('a persisted index routes as the index it was made from, without the skill files', () => {
  const json = JSON.parse(JSON.stringify(persistRouteIndex(index)));
  const restored = restoreRouteIndex(json);
  assert.ok(restored);
  for (const request of [
    '帮我出一份华东区2024年第一季度的销售报表',
    'Merge these three PDF files into one',
    'please summarise this article',
    'Play some relaxing music',
  ])
    assert.deepEqual(restored.rank(request), index.rank(request), request);
  assert.equal(restoreRouteIndex({ ...json, format: 0 }), undefined, 'another format is rebuilt');
  assert.equal(
    restoreRouteIndex({ ...json, settings: { ...json.settings, unknown: 0.5 } }),
    undefined,
    'other settings are rebuilt',
  );
  assert.equal(restoreRouteIndex(null), undefined);
});

let fake: FakeOpenAI;
const replies: string[] = [];
before(async () => {
  fake = await startFakeOpenAI(() => ({ text: replies.shift() ?? '' }));
});
after(() => fake.close());

test('the model stage: the five lexical candidates in the prompt; an answer naming no candidate is repaired', async () => {
  const llm = createLlmService(
    { ...testConfig('/tmp'), baseUrl: fake.url, apiKey: 'k' },
    'compat:fake-model',
  );
  replies.push(
    'I would pick pdf_merger.',
    JSON.stringify({ skill: 'pdf-tools', reason: 'It merges PDF files.' }),
  );
  const sentBefore = fake.requests.length;
  const r = await index.route('Merge the PDF files of the weekly sales report into one document', { llm });
  assert.equal(r.choice?.id, 'pdf-tools');
  assert.match(r.why, /^compat:fake-model chose pdf-tools among (\S+, ){4}\S+: It merges PDF files\.$/);
  assert.equal(fake.requests.length - sentBefore, 2, 'one repair after an answer that is not the schema');
  const prompt = fake.requests[sentBefore].messages.map(messageText).join('\n');
  assert.equal(prompt.match(/^- \S+: /gm)?.length, 5, 'each of the five candidates summarised');
  assert.match(prompt, /- pdf-tools: /);
});
