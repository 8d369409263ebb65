import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/load-config.js';
import { openSkein } from '../../../src/host/index.js';
import { ROOT } from '../../helpers/cli.js';

// Template syntax inside user input is data: a template that inserts the input renders its tags as
// text, in the dialects whose templates run without a model (Aegis, AgenticDSL with Inja).

const PAYLOADS = [
  '{{ 7 * 7 }}',
  '{{name}}{{name}}',
  '{% for x in [1,2,3] %}{{ x }}{% endfor %}',
  '{{#each items}}x{{/each}}',
  '${process.env.HOME}',
  '{{ upper("pwned") }}',
  '{# comment #}',
  '{{',
];
const skein = openSkein({ config: loadConfig(mkdtempSync(join(tmpdir(), 'skein-template-injection-')), {}) });
after(() => skein.close());

test('Aegis: a template step puts template tags of the input into its output as text', async () => {
  for (const name of PAYLOADS) {
    const result = await skein.run(join(ROOT, 'test/fixtures/aegis/greet.md'), { name });
    assert.equal(result.status, 'completed', JSON.stringify(result));
    assert.deepEqual(result.output, { greeting: `Hello, ${name}!` }, name);
  }
});

test('AgenticDSL: an Inja assignment puts Inja tags of the input into the text as they are', async () => {
  for (const name of PAYLOADS) {
    const result = await skein.run(join(ROOT, 'test/fixtures/injection/echo_graph.md'), { name });
    assert.equal(result.status, 'completed', JSON.stringify(result));
    assert.equal((result.output as { reply?: string }).reply, `Hi ${name}!`, name);
  }
});
