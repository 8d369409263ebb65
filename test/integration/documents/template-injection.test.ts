import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';

// Template syntax in document skills and in what a person or the model sends is data: a chunk (AgentOS
// chunked SKILL.md) or a reference file (Anthropic Agent Skills folder) that holds `{{ }}`, Inja or `${}`
// reaches the model exactly as written, and so do a message and a load call's arguments holding it.

const TEMPLATED = [
  'Total: {{ 7 * 7 }} and {{input.name}}',
  '{% for r in rows %}{{ r.region }}{% endfor %}',
  '{{#each items}}- {{this}}{{/each}}',
  '${process.env.HOME} and $(whoami)',
  'an unclosed {{',
].join('\n');

function docs(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skein-doc-injection-'));
  writeFileSync(
    join(dir, 'tpl_guide.SKILL.md'),
    `---\nname: tpl_guide\ndescription: Shows template text {{ 7 * 7 }} as it is.\n---\n\n# Template guide\n\n## Overview\nKeeps template text.\n\n## Interface\nNone.\n\n<chunk id="tags" description="Tags {{like}} these">\n${TEMPLATED}\n</chunk>\n`,
  );
  mkdirSync(join(dir, 'tpl-folder', 'references'), { recursive: true });
  writeFileSync(
    join(dir, 'tpl-folder', 'SKILL.md'),
    '---\nname: tpl-folder\ndescription: A folder skill whose reference holds template text.\n---\n\n# Folder\n\nSee references/tags.md.\n',
  );
  writeFileSync(join(dir, 'tpl-folder', 'references', 'tags.md'), `${TEMPLATED}\n`);
  return dir;
}

test('skein chat: chunks, reference files, messages and load arguments with template syntax reach the model as written', async () => {
  const message = 'Explain {{ 7 * 7 }}, {% raw %} and ${HOME}';
  const fake = await startFakeOpenAI([
    {
      toolCalls: [
        { name: 'load_doc_chunk', arguments: { skill_name: 'tpl_guide', chunk_id: 'tags' } },
        { name: 'load_skill_chunk', arguments: { skill_name: 'tpl-folder', chunk_id: 'references/tags.md' } },
        { name: 'load_doc_chunk', arguments: { skill_name: 'tpl_guide', chunk_id: '{{ chunk_id }}' } },
      ],
    },
    { text: 'Done.' },
  ]);
  try {
    const r = await skein(['chat', '--skills', docs(), '--message', message, '--json'], {
      env: {
        SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-chat-injection-')),
        SKEIN_MODEL: 'compat:fake-model',
        SKEIN_BASE_URL: fake.url,
      },
    });
    assert.equal(r.code, 0, r.stderr);
    const [first, second] = fake.requests;
    const system = messageText(first.messages[0]);
    assert.ok(system.includes('Shows template text {{ 7 * 7 }} as it is.'), system);
    assert.ok(system.includes('- tags: Tags {{like}} these'), system);
    assert.equal(messageText(first.messages.at(-1)!), message);

    const results = second.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(messageText(m)));
    const loaded = results.filter((x) => x.status === 'success').map((x) => x.content);
    assert.deepEqual(loaded.sort(), [TEMPLATED, `${TEMPLATED}\n`].sort());
    const unknown = results.find((x) => x.status !== 'success');
    assert.ok(JSON.stringify(unknown).includes('{{ chunk_id }}'), JSON.stringify(unknown));
  } finally {
    await fake.close();
  }
});
