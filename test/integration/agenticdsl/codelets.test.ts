// Graphs with real Python codelets, in the Pyodide sandbox (one pool for the file; the first call pays the cold start).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLlmService } from '../../../src/host/llm-service.js';
import { Runtime } from '../../../src/runtime/index.js';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { ROOT } from '../../helpers/cli.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { block, load } from '../../helpers/agenticdsl.js';
import { testConfig } from '../../helpers/tools.js';

const sandbox = createPythonSandbox({ workers: 1 });
after(() => sandbox.close());
const example = (name: string) => load(readFileSync(join(ROOT, 'examples/graphs', name), 'utf8'), name);

test("the spec's appendix graph runs: the model's answer, read by the resolver codelet, picks the branch", async (t) => {
  const answers: Record<string, string> = {
    'please summarize this': 'The user wants to Summarize.',
    'translate to French': 'translate',
    hello: 'chat',
  };
  const fake = await startFakeOpenAI((req) => {
    const prompt = JSON.stringify(req.messages);
    const input = Object.keys(answers).find((k) => prompt.includes(k))!;
    return { text: answers[input] };
  });
  t.after(() => fake.close());
  const runtime = new Runtime({
    store: new MemoryRunStore(),
    code: { python: sandbox },
    llm: createLlmService({ ...testConfig('/tmp'), baseUrl: fake.url }, 'compat:m'),
  });
  const skill = example('route_purpose.md');
  const outputs = [];
  for (const raw_input of Object.keys(answers))
    outputs.push((await runtime.start(skill, { raw_input })).output);
  assert.deepEqual(outputs, [
    { action: 'summarize', reply: 'I will summarize: please summarize this' },
    { action: 'translate', reply: 'I will translate: translate to French' },
    { action: 'unknown', reply: 'Sorry, I can summarize or translate. You said: chat' },
  ]);
});

test('the fan-out example joins an Inja branch and a codelet branch', async () => {
  const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });
  const r = await runtime.start(example('fan_out.md'), { text: 'to be or not to be' });
  assert.deepEqual(r.output, {
    summary: '18 characters, 6 words, longest: not',
    stats: { upper: 'TO BE OR NOT TO BE' },
    top: ['to', 'be', 'or'],
  });
});

const codelet = (code: string, call = '') =>
  load(
    block('/main/start', 'type: start\nnext: [run]') +
      block('/main/run', `type: codelet_call\ncodelet: /codelets/c\n${call}next: [end]`) +
      block('/main/end', 'type: end') +
      block('/codelets/c', `type: codelet\nruntime: python3.10\ncode: |\n${code.replace(/^/gm, '  ')}`),
  );

test('a codelet that never ends is stopped at its time limit, and the same worker answers the next run', async () => {
  const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });
  const before = sandbox.stats();
  const t0 = performance.now();
  const stuck = await runtime.start(
    codelet('def main(context):\n    while True:\n        pass', 'timeout_ms: 300\n'),
    {},
  );
  assert.equal(stuck.status, 'failed');
  assert.equal(stuck.error?.step, '/main/run');
  assert.ok(performance.now() - t0 < 3000);
  const next = await runtime.start(codelet('def main(context):\n    return {"n": context["n"] + 1}'), {
    n: 1,
  });
  assert.deepEqual(next.output, { n: 2 });
  const now = sandbox.stats();
  assert.equal(now.started, before.started, 'no new interpreter was started');
  assert.equal(now.interrupted, before.interrupted + 1);
});

test('a codelet cannot open host files; the error reaches the run with the Python exception', async () => {
  const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });
  const r = await runtime.start(
    codelet('def main(context):\n    return {"text": open("/etc/passwd").read()}'),
    {},
  );
  assert.equal(r.status, 'failed');
  assert.match(r.error!.message, /FileNotFoundError|PermissionError|OSError/);
});

test('a codelet that returns no dict fails the node with what it returned', async () => {
  const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });
  const r = await runtime.start(codelet('def main(context):\n    return 42'), {});
  assert.equal(r.status, 'failed');
  assert.match(r.error!.message, /step "\/main\/run" .*failed: expected a record of outputs, got number/);
});

test('codelets cannot open sockets or start processes; each attempt fails inside the sandbox', async () => {
  const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });
  const attempts = [
    'import socket\n    socket.create_connection(("example.com", 80), timeout=1)',
    'import subprocess\n    subprocess.run(["ls"])',
    'import os\n    os.system("ls")',
  ];
  for (const body of attempts) {
    const r = await runtime.start(
      codelet(`def main(context):\n    ${body}\n    return {"escaped": True}`),
      {},
    );
    assert.equal(r.status, 'failed', body);
    assert.equal(r.error?.step, '/main/run');
    assert.doesNotMatch(JSON.stringify(r), /escaped/);
  }
});
