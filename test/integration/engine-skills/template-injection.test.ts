import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/host/index.js';
import { ROOT } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

// Template syntax inside user input is data in engine skill folders: the user's turn, the session state
// and a person's answers to an ask_user card reach the model as written and are kept as written.

const PAYLOADS = [
  '{{ 7 * 7 }}',
  '{{state.matter_id}}',
  "state.profile.note != null && 'x'",
  '{% if true %}x{% endif %}',
  '${process.env.HOME}',
  '{{#each items}}x{{/each}}',
  '{{',
];

const card = {
  response: 'Note?',
  profile: {},
  data: {},
  control: {
    action: 'ask_user',
    review_type: 'clarify',
    questions: [{ question: 'The note?', field_key: 'profile.note', input_type: 'text', required: true }],
  },
};
const done = { response: 'Kept.', profile: {}, data: {}, control: { action: 'finish' } };

test('engine: template syntax in the turn, the state and ask_user answers reaches the model and the state as text', async (t) => {
  const fake = await startFakeOpenAI(
    PAYLOADS.flatMap(() => [{ text: JSON.stringify(card) }, { text: JSON.stringify(done) }]),
  );
  const skein = openSkein({
    config: loadConfig(ROOT, {
      SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-engine-injection-')),
      SKEIN_SKILLS: join(ROOT, 'test/fixtures/injection/engine'),
      SKEIN_MODEL: 'compat:fake-model',
      SKEIN_BASE_URL: fake.url,
    }),
  });
  t.after(async () => (skein.close(), await fake.close()));
  for (const [i, payload] of PAYLOADS.entries()) {
    const first = await skein.run('note-taker', { message: `hello ${payload}`, matter_id: payload });
    assert.equal(first.status, 'awaiting', JSON.stringify(first.error));
    const asked = fake.requests[2 * i].messages;
    assert.equal(messageText(asked.at(-1)!), `hello ${payload}`);
    assert.ok(
      messageText(asked[0]).includes(`"matter_id": ${JSON.stringify(payload)}`),
      messageText(asked[0]),
    );

    const second = await skein.resume(first.runId, { 'profile.note': payload });
    assert.equal(second.status, 'completed', JSON.stringify(second.error));
    assert.deepEqual(second.output, {
      response: 'Kept.',
      state: { matter_id: payload, profile: { note: payload } },
    });
    const answered = fake.requests[2 * i + 1].messages;
    assert.ok(messageText(answered.at(-1)!).includes(`"profile.note": ${JSON.stringify(payload)}`), payload);
    assert.ok(messageText(answered[0]).includes(`"note": ${JSON.stringify(payload)}`), payload);
  }
});
