// Skills as an MCP server (docs/mcp.md), through the SDK's own client: `skein mcp` over
// stdio and `/mcp` of `skein serve` over streamable HTTP, the same checks on both.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { Ajv } from 'ajv';
import { skein } from '../../helpers/cli.js';
import { messageText, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';
import { httpClient, mcpEnv, stdioClient, type Connect } from '../../helpers/mcp-server.js';
import { api, startServer, type Json, type ServerProcess } from '../../helpers/server.js';

const TOKEN = 'mcp-test-token';
let model: FakeOpenAI;

before(async () => {
  model = await startFakeOpenAI((request) => {
    const text = request.messages.map(messageText).join('\n');
    if (text.includes("Classify the user's message"))
      return { text: JSON.stringify({ label: 'bug', confidence: 0.9 }) };
    if (text.includes('Reply helper'))
      return {
        text: JSON.stringify({
          response: 'Sorry to hear that; a new one is on its way.',
          profile: {},
          data: { mood: 'upset' },
          control: { action: 'finish' },
        }),
      };
    return undefined;
  });
});

after(() => model.close());

/** The JSON of a result's first text part. */
const firstJson = (result: Json) => JSON.parse(result.content[0].text);

/** The stored run, read by another process (`skein inspect`). */
async function storedRun(env: Record<string, string>, runId: string): Promise<Json> {
  const r = await skein(['inspect', runId, '--json'], { env });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).run;
}

/** The checks every transport passes; `connect` opens a new session (over stdio: a new process). */
function suite(
  name: string,
  open: () => Promise<{ connect: Connect; env: Record<string, string>; close(): Promise<void> }>,
) {
  describe(name, () => {
    let connect: Connect;
    let env: Record<string, string>;
    let close: () => Promise<void>;
    let client: Client;
    const clients: Client[] = [];
    const session = async (capabilities?: Parameters<Connect>[0]) => {
      const c = await connect(capabilities);
      clients.push(c);
      return c;
    };

    before(async () => {
      ({ connect, env, close } = await open());
      client = await session();
    });

    after(async () => {
      await Promise.all(clients.map((c) => c.close()));
      await close();
    });

    test('tools: one per executable skill of every dialect, with schemas and hints, and Skein’s own', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['classify', 'confirm', 'gated', 'greet', 'reply-helper', 'shout', 'skein_resume', 'load_doc_chunk'],
      );
      const greet = tools.find((t) => t.name === 'greet')!;
      assert.equal(greet.title, 'greet@1.0.0');
      assert.match(greet.description!, /Greets someone/);
      assert.deepEqual(greet.inputSchema.required, ['name']);
      assert.deepEqual(greet.outputSchema?.properties, { greeting: { type: 'string' } });
      assert.deepEqual(greet.annotations, { readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      // A tool step (gated) or a model (classify, reply-helper) may touch the world: no hints claimed.
      for (const n of ['gated', 'classify', 'reply-helper'])
        assert.equal(tools.find((t) => t.name === n)!.annotations, undefined, n);
      assert.equal(tools.find((t) => t.name === 'shout')!.annotations?.readOnlyHint, true);
    });

    test('calls of every dialect: structuredContent holds the output, matches the output schema, and is the text too', async () => {
      const { tools } = await client.listTools();
      const ajv = new Ajv({ strict: false });
      const calls: [string, Record<string, unknown>, unknown][] = [
        ['greet', { name: 'Ada' }, { greeting: 'Hello, Ada!' }],
        ['classify', { message: 'it crashes' }, { label: 'bug', confidence: 0.9 }],
        ['shout', { text: 'hey' }, { output: { loud: 'HEY!', characters: 3 } }],
        [
          'reply-helper',
          { message: 'my parcel arrived broken' },
          {
            response: 'Sorry to hear that; a new one is on its way.',
            state: { mood: 'upset' },
          },
        ],
      ];
      for (const [name, args, expected] of calls) {
        const result = await client.callTool({ name, arguments: args });
        assert.equal(result.isError, undefined, `${name}: ${JSON.stringify(result.content)}`);
        assert.deepEqual(result.structuredContent, expected, name);
        const schema = tools.find((t) => t.name === name)!.outputSchema!;
        assert.ok(ajv.validate(schema, result.structuredContent), `${name}: ${ajv.errorsText()}`);
        const output = (expected as Json).output ?? expected;
        assert.deepEqual(firstJson(result), output, name);
      }
    });

    test('a bad argument is a tool error naming the field, not a protocol error', async () => {
      const result = await client.callTool({ name: 'greet', arguments: { name: 42 } });
      assert.equal(result.isError, true);
      const body = firstJson(result);
      assert.equal(body.error.code, 'input_invalid');
      assert.match(body.error.message, /name/);
      assert.doesNotMatch(JSON.stringify(body), /\/(tmp|work|home|root)\//);
      // One prefix, the client's: the server's message is bare, its code the catalog's.
      await assert.rejects(
        client.callTool({ name: 'nope', arguments: {} }),
        (e: Error & { code?: number }) => {
          assert.equal(e.message, 'MCP error -32602: no tool "nope"; tools/list names them');
          assert.equal(e.code, -32602);
          return true;
        },
      );
    });

    test('a pause is asked through elicitation (a form of the await’s schema) and the same call completes', async () => {
      const asked: ElicitRequest['params'][] = [];
      const asking = await session({ elicitation: { form: {} } });
      asking.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params);
        return { action: 'accept', content: { ok: true, note: 'gift wrap' } };
      });
      const result = await asking.callTool({ name: 'confirm', arguments: { item: 'a lamp' } });
      assert.equal(result.isError, undefined, JSON.stringify(result.content));
      assert.deepEqual(result.structuredContent, { answer: 'a lamp ok=true note=gift wrap' });
      assert.equal(asked.length, 1);
      assert.equal(asked[0].message, 'Order: a lamp. Confirm?');
      assert.deepEqual((asked[0] as Json).requestedSchema, {
        type: 'object',
        properties: { ok: { type: 'boolean' }, note: { type: 'string' } },
        required: ['ok'],
      });
    });

    test('a declined form leaves the run paused; without elicitation the pause answers runId, message and schema; skein_resume from a second client continues it', async () => {
      const declining = await session({ elicitation: { form: {} } });
      declining.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
      const declined = await declining.callTool({ name: 'confirm', arguments: { item: 'a chair' } });
      assert.equal(declined.isError, true);
      assert.equal(firstJson(declined).status, 'awaiting');

      const paused = await client.callTool({ name: 'confirm', arguments: { item: 'a desk' } });
      assert.equal(paused.isError, true);
      assert.equal(paused.structuredContent, undefined);
      const body = firstJson(paused);
      assert.equal(body.status, 'awaiting');
      assert.equal(body.message, 'Order: a desk. Confirm?');
      assert.deepEqual(body.schema.required, ['ok']);
      assert.match((paused.content as Json)[1].text, /skein_resume/);

      const other = await session();
      const wrong = await other.callTool({
        name: 'skein_resume',
        arguments: { runId: body.runId, input: { ok: 'yes' } },
      });
      assert.equal(wrong.isError, true);
      assert.equal(firstJson(wrong).error.code, 'input_invalid');
      const resumed = await other.callTool({
        name: 'skein_resume',
        arguments: { runId: body.runId, input: { ok: false, note: 'later' } },
      });
      assert.equal(resumed.isError, undefined, JSON.stringify(resumed.content));
      assert.deepEqual(resumed.structuredContent, { answer: 'a desk ok=false note=later' });
      const again = await other.callTool({
        name: 'skein_resume',
        arguments: { runId: body.runId, input: { ok: true } },
      });
      assert.equal(firstJson(again).error.code, 'not_awaiting');
      assert.equal((await storedRun(env, body.runId)).status, 'completed');
    });

    test('resources: the catalog, each document skill’s summary and parts with MIME types; load_doc_chunk', async () => {
      const { resources } = await client.listResources();
      const byUri = new Map(resources.map((r) => [r.uri, r]));
      assert.equal(byUri.get('skein://catalog')?.mimeType, 'text/markdown');
      assert.equal(byUri.get('skill://guide/SKILL.md')?.mimeType, 'text/markdown');
      assert.equal(byUri.get('skill://guide/setup')?.mimeType, 'text/markdown');
      assert.equal(byUri.get('skill://pdf-forms/references/forms.md')?.mimeType, 'text/markdown');
      assert.equal(byUri.get('skill://pdf-forms/scripts/fill_form.py')?.mimeType, 'text/x-python');
      assert.ok(
        ![...byUri.keys()].some((u) => u.startsWith('skill://greet/')),
        'executable skills are tools',
      );

      const read = async (uri: string) =>
        ((await client.readResource({ uri })).contents[0] as Json).text as string;
      const catalog = await read('skein://catalog');
      assert.match(catalog, /- greet: Greets someone.*\(aegis, greet@1\.0\.0\)/);
      assert.match(catalog, /- guide: .*\n {2}chunks: setup, usage/);
      const summary = await read('skill://guide/SKILL.md');
      assert.match(summary, /setup/);
      const setup = await read('skill://guide/setup');
      const loaded = await client.callTool({
        name: 'load_doc_chunk',
        arguments: { skill_name: 'guide', chunk_id: 'setup' },
      });
      assert.equal((loaded.content as Json)[0].text, setup);
      const forms = await read('skill://pdf-forms/references/forms.md');
      assert.ok(forms.length > 0);
      const missing = await client.callTool({
        name: 'load_doc_chunk',
        arguments: { skill_name: 'guide', chunk_id: 'nope' },
      });
      assert.equal(missing.isError, true);
      assert.match(firstJson(missing).error.message, /its chunks: setup, usage/);
      await assert.rejects(
        client.readResource({ uri: 'skill://nope/SKILL.md' }),
        (e: Error & { code?: number }) => {
          assert.match(
            e.message,
            /^MCP error -32002: no resource skill:\/\/nope\/SKILL\.md; resources\/list/,
          );
          return true;
        },
      );
    });

    test('resource templates: skill://{id}/SKILL.md and skill://{id}/{+part}, ids and parts complete', async () => {
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.deepEqual(
        resourceTemplates.map((t) => t.uriTemplate),
        ['skill://{id}/SKILL.md', 'skill://{id}/{+part}'],
      );
      const complete = (uri: string, name: string, value: string, args?: Record<string, string>) =>
        client.complete({
          ref: { type: 'ref/resource', uri },
          argument: { name, value },
          ...(args ? { context: { arguments: args } } : {}),
        });
      const ids = await complete('skill://{id}/{+part}', 'id', '');
      assert.deepEqual(ids.completion.values, ['guide', 'pdf-forms'], 'document skills only, not tools');
      assert.deepEqual((await complete('skill://{id}/SKILL.md', 'id', 'pd')).completion.values, [
        'pdf-forms',
      ]);
      const parts = await complete('skill://{id}/{+part}', 'part', 'ref', { id: 'pdf-forms' });
      assert.deepEqual(parts.completion.values, ['references/forms.md']);
      assert.deepEqual(
        (await complete('skill://{id}/{+part}', 'part', '', { id: 'guide' })).completion.values,
        ['setup', 'usage'],
      );
      assert.deepEqual(
        (await complete('skill://{id}/{+part}', 'part', '', { id: 'nope' })).completion.values,
        [],
      );
      // The URI a client expands from the template reads the part, with its `/` kept or encoded.
      const direct = await client.readResource({ uri: 'skill://pdf-forms/references/forms.md' });
      const encoded = await client.readResource({ uri: 'skill://pdf-forms/references%2Fforms.md' });
      assert.equal((encoded.contents[0] as Json).text, (direct.contents[0] as Json).text);
    });

    test('progress is sent per step with the total; the client’s cancellation cancels the run', async () => {
      const progress: Json[] = [];
      const controller = new AbortController();
      let started!: (runId: string) => void;
      const runId = new Promise<string>((resolve) => (started = resolve));
      const call = client.callTool({ name: 'gated', arguments: { gate: `never-${name}` } }, undefined, {
        signal: controller.signal,
        onprogress: (p) => {
          progress.push(p);
          started(/run (\S+):/.exec(p.message ?? '')![1]);
        },
      });
      const id = await runId;
      controller.abort();
      await assert.rejects(call);
      assert.deepEqual(progress[0], { progress: 1, total: 4, message: `run ${id}: step first done` });
      let run: Json;
      for (let i = 0; i < 100; i++) {
        run = await storedRun(env, id);
        if (run.status !== 'running') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(run!.status, 'failed');
      assert.equal(run!.error.code, 'cancelled');
    });
  });
}

suite('skein mcp (stdio)', async () => {
  const env = mcpEnv(model.url);
  return { env, connect: (caps) => stdioClient(env, caps), close: async () => undefined };
});

suite('skein serve /mcp (streamable HTTP)', async () => {
  const env = mcpEnv(model.url, { SKEIN_API_TOKENS: TOKEN });
  const server: ServerProcess = await startServer(env, ['--quiet']);
  return {
    env,
    connect: (caps) => httpClient(server.url, TOKEN, caps),
    close: async () => assert.equal(await server.stop(), 0, server.stderr()),
  };
});

test('/mcp asks for the API’s bearer token', async () => {
  const env = mcpEnv(model.url, { SKEIN_API_TOKENS: TOKEN });
  const server = await startServer(env, ['--quiet']);
  try {
    await assert.rejects(httpClient(server.url, undefined), /401|nauthorized/);
    await assert.rejects(httpClient(server.url, 'wrong'), /401|nauthorized/);
    const noSession = await api(`${server.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json, text/event-stream' },
      json: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    assert.equal(noSession.status, 400);
    assert.match(noSession.body.error.message, /initialize/);
  } finally {
    assert.equal(await server.stop(), 0, server.stderr());
  }
});

test('skein mcp --watch: a new skill file becomes a tool, and the client hears list_changed', async () => {
  // A skills folder of its own, so the fixture stays as it is.
  const { mkdtempSync, copyFileSync, mkdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { ToolListChangedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const dir = mkdtempSync(join(tmpdir(), 'skein-mcp-watch-'));
  mkdirSync(join(dir, 'skills'));
  copyFileSync(
    join(import.meta.dirname, '../../fixtures/server/skills/greet.md'),
    join(dir, 'skills/greet.md'),
  );
  writeFileSync(join(dir, 'skein.yaml'), 'skills: skills\n');
  const env = mcpEnv(model.url, { SKEIN_CONFIG: join(dir, 'skein.yaml') });
  const client = await stdioClient(env, {}, ['--watch']);
  try {
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ['greet', 'skein_resume', 'load_doc_chunk'],
    );
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    copyFileSync(
      join(import.meta.dirname, '../../fixtures/mcp-server/skills/shout.md'),
      join(dir, 'skills/shout.md'),
    );
    await changed;
    assert.deepEqual(
      (await client.listTools()).tools.map((t) => t.name),
      ['greet', 'shout', 'skein_resume', 'load_doc_chunk'],
    );
  } finally {
    await client.close();
  }
});

/** A server whose skein.yaml gives in-flight work `graceMs` on shutdown, and an HTTP client of it. */
async function serverWithGrace(graceMs: number) {
  const env: Record<string, string> = mcpEnv(model.url);
  const config = join(env.SKEIN_HOME, 'skein.yaml');
  env.SKEIN_CONFIG = config;
  const fixture = join(import.meta.dirname, '../../fixtures/server');
  writeFileSync(
    config,
    `skills: ${join(fixture, 'skills')}\ntools:\n  modules: [${join(fixture, 'tools.ts')}]\nserver:\n  shutdownGraceMs: ${graceMs}\n`,
  );
  const server = await startServer(env, ['--quiet']);
  return { env, server, client: await httpClient(server.url, undefined) };
}

/** Calls `gated` and resolves its run id once its first step is done (the gate step is next). */
function gatedCall(client: Client, gate: string) {
  let started!: (runId: string) => void;
  const runId = new Promise<string>((resolve) => (started = resolve));
  const result = client.callTool({ name: 'gated', arguments: { gate } }, undefined, {
    onprogress: (p) => started(/run (\S+):/.exec(p.message ?? '')![1]),
  });
  return { runId, result };
}

test('SIGTERM on skein serve: an MCP call in flight finishes within the grace period, then the server exits 0', async () => {
  const { env, server, client } = await serverWithGrace(10_000);
  const { runId, result } = gatedCall(client, 'opens-late');
  await runId;
  const exited = server.stop();
  await new Promise((r) => setTimeout(r, 300));
  writeFileSync(join(env.GATE_DIR, 'opens-late'), '');
  assert.deepEqual((await result).structuredContent, { result: 'waiting for opens-late; opens-late opened' });
  assert.equal(await exited, 0, server.stderr());
  await client.close();
});

test('SIGTERM on skein serve: an MCP call still going after the grace period leaves its run resumable, not cancelled', async () => {
  const { env, server, client } = await serverWithGrace(300);
  const { runId, result } = gatedCall(client, 'never-opens');
  const id = await runId;
  result.catch(() => undefined);
  assert.equal(await server.stop(), 0, server.stderr());
  assert.match(server.stderr(), /left as they are/);
  assert.equal((await storedRun(env, id)).status, 'running');
  await client.close().catch(() => undefined);
});
