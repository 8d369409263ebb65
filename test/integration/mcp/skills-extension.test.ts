// The MCP skills extension (SEP-2640) and the A2A agent card, through the SDK's own client and real HTTP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { ROOT } from '../../helpers/cli.js';
import { httpClient, mcpEnv, stdioClient } from '../../helpers/mcp-server.js';
import { api, startServer, type Json } from '../../helpers/server.js';

const PDF_FORMS = join(ROOT, 'test/fixtures/skilldoc/agent-skills/pdf-forms');
const sha = (b: Uint8Array | string) => `sha256:${createHash('sha256').update(b).digest('hex')}`;

let client: Client;
before(async () => {
  client = await stdioClient(mcpEnv('http://127.0.0.1:9'));
});
after(() => client.close());

const call = (method: string, params: Record<string, unknown>) =>
  client.request({ method, params }, ResultSchema.loose()) as Promise<Json>;

test('the server declares the skills extension beside resources', () => {
  const caps = client.getServerCapabilities() as Json;
  assert.deepEqual(caps.extensions, { 'io.modelcontextprotocol/skills': {} });
  assert.ok(caps.resources);
});

test('skills/list: each SKILL.md folder with its frontmatter verbatim and every file with digest and size', async () => {
  const listed = await call('skills/list', {});
  assert.deepEqual(
    listed.skills.map((s: Json) => s.uri),
    ['skill://pdf-forms/SKILL.md', 'skill://reply-helper/SKILL.md'],
  );
  assert.equal(listed.resultType, 'complete');
  assert.equal(typeof listed.ttlMs, 'number');
  const pdf = listed.skills[0];
  assert.equal(pdf.frontmatter.name, 'pdf-forms');
  assert.equal(pdf.frontmatter.license, 'Apache-2.0', 'fields beyond name and description pass through');
  assert.ok(pdf.frontmatter.metadata && typeof pdf.frontmatter.metadata === 'object');
  const uris = pdf.resources.map((r: Json) => r.uri);
  assert.equal(uris[0], 'skill://pdf-forms/SKILL.md');
  assert.ok(uris.includes('skill://pdf-forms/scripts/fill_form.py'));
  for (const r of pdf.resources) {
    const content = (await client.readResource({ uri: r.uri })).contents[0] as Json;
    const bytes =
      content.text !== undefined ? Buffer.from(content.text, 'utf8') : Buffer.from(content.blob, 'base64');
    assert.equal(sha(bytes), r.digest, r.uri);
    assert.equal(bytes.length, r.size, r.uri);
    const onDisk = readFileSync(join(PDF_FORMS, r.uri.slice('skill://pdf-forms/'.length)));
    assert.equal(sha(onDisk), r.digest, `${r.uri}: the raw file's bytes`);
  }
});

test('skills/get answers one entry by its SKILL.md URI; an unknown one is -32602', async () => {
  const listed = await call('skills/list', {});
  const got = await call('skills/get', { uri: 'skill://reply-helper/SKILL.md' });
  assert.deepEqual(got.skill, listed.skills[1]);
  assert.equal(got.skill.frontmatter.description, 'Drafts a short reply to a customer message.');
  await assert.rejects(
    call('skills/get', { uri: 'skill://nope/SKILL.md' }),
    (e: Error & { code?: number }) => {
      assert.equal(e.code, -32602);
      return true;
    },
  );
  await assert.rejects(call('skills/list', { cursor: 'x' }), /cursor/);
});

test('resources: the SKILL.md resource is named and described by its frontmatter; templates stay skill://', async () => {
  const { resources } = await client.listResources();
  const skillMd = resources.find((r) => r.uri === 'skill://pdf-forms/SKILL.md');
  assert.equal(skillMd?.name, 'pdf-forms');
  assert.match(skillMd?.description ?? '', /^Fill PDF forms/);
  assert.equal(resources.filter((r) => r.uri === 'skill://pdf-forms/SKILL.md').length, 1);
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.ok(resourceTemplates.some((t) => t.uriTemplate === 'skill://{id}/SKILL.md'));
});

test('the A2A agent card lists every skill with id, name, description, tags, examples and modes', async () => {
  const server = await startServer(mcpEnv('http://127.0.0.1:9'), ['--quiet']);
  try {
    const { status, body: card } = await api(`${server.url}/.well-known/agent-card.json`);
    assert.equal(status, 200);
    assert.equal(card.protocolVersion, '0.3.0');
    assert.equal(card.url, `${server.url}/v1`);
    const byId = new Map(card.skills.map((s: Json) => [s.id, s]));
    const greet = byId.get('greet') as Json;
    assert.deepEqual(Object.keys(greet).sort(), [
      'description',
      'examples',
      'id',
      'inputModes',
      'name',
      'outputModes',
      'tags',
    ]);
    assert.deepEqual([greet.inputModes, greet.outputModes], [['application/json'], ['application/json']]);
    assert.ok(greet.tags.includes('executable'));
    const guide = byId.get('guide') as Json;
    assert.deepEqual([guide.inputModes, guide.outputModes], [['text/plain'], ['text/markdown']]);
    assert.ok(byId.has('pdf-forms') && byId.has('reply-helper') && byId.has('classify'));
    const mcp = await httpClient(server.url, undefined);
    try {
      const listed = (await mcp.request({ method: 'skills/list', params: {} }, ResultSchema.loose())) as Json;
      assert.equal(listed.skills.length, 2, 'the same extension over /mcp');
    } finally {
      await mcp.close();
    }
  } finally {
    await server.stop();
  }
});
