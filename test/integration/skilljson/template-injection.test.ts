import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/host/index.js';
import { ROOT } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { RUN_SKILLS } from '../../helpers/skilljson.js';

// Template syntax inside user input is data in skill.json skills: an llm-mode prompt shows it as text
// (Handlebars-style `{{#if}}`, pipes and fallbacks included), and a composite pipeline passes it from step
// to step and into its output mapping without reading it as a template.

const PAYLOADS = [
  '{{ 7 * 7 }}',
  '{{input.message}}',
  '{{#if input.hint}}yes{{else}}no{{/if}}',
  "{{steps.first.value | join: ' + '}}",
  "{{input.missing}} || 'fallback'",
  '${process.env.HOME}',
  '{% for x in [1,2,3] %}{{ x }}{% endfor %}',
  '{{',
];

const home = mkdtempSync(join(tmpdir(), 'skein-sj-injection-'));
const skeinFor = (model?: string) =>
  openSkein({
    config: loadConfig(ROOT, {
      SKEIN_HOME: home,
      SKEIN_SKILLS: RUN_SKILLS,
      ...(model ? { SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: model } : {}),
    }),
  });

test('llm mode: template syntax in an input reaches the model as written, in the prompt and the user message', async (t) => {
  const fake = await startFakeOpenAI(PAYLOADS.map(() => ({ text: '{"label": "bug", "confidence": 0.5}' })));
  const skein = skeinFor(fake.url);
  t.after(async () => (skein.close(), await fake.close()));
  for (const [i, payload] of PAYLOADS.entries()) {
    const result = await skein.run('classify', { message: `crash ${payload}`, hint: payload });
    assert.equal(result.status, 'completed', JSON.stringify(result.error));
    const [system, user] = fake.requests[i].messages;
    // classify's prompt.md renders `Hint: {{input.hint}}`; the hint's own tags stay text.
    assert.ok(messageText(system).includes(`\nHint: ${payload}\n`), `${payload}: ${messageText(system)}`);
    assert.deepEqual(JSON.parse(messageText(user)), { message: `crash ${payload}`, hint: payload });
  }
});

test('composite mode: template syntax in an input goes through every step and the output mapping as text', async () => {
  const skein = skeinFor();
  after(() => skein.close());
  for (const payload of PAYLOADS) {
    // chain: first = words[0..2], joined = first joined with " + ", loud = joined + "!", text = loud || joined.
    const result = await skein.run('chain', { words: [payload, 'b', 'c'], shout: true });
    assert.equal(result.status, 'completed', JSON.stringify(result.error));
    assert.deepEqual(
      result.output,
      { text: `${payload} + b!`, count: JSON.stringify([payload, 'b']), missing: 'none' },
      payload,
    );
  }
});
