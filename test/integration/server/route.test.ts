import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.js';
import { api, serverEnv, startServer, type ServerProcess } from '../../helpers/server.js';

// `POST /v1/route` answers as `skein route --json`, with the session state and context of `--state`
// and `--context`, over the planner fixture's engine skills.

let server: ServerProcess;

before(async () => {
  server = await startServer(
    serverEnv({ SKEIN_SKILLS: join(ROOT, 'test/fixtures/engine/planner/.skills'), SKEIN_MODEL: '' }),
    ['--quiet'],
  );
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
});

const route = (json: unknown) => api(`${server.url}/v1/route`, { method: 'POST', json });

test('POST /v1/route: the choice, candidates and why; state and context let the rules rule skills out', async () => {
  const open = await route({ request: 'analyses the evidence', limit: 2 });
  assert.equal(open.status, 200);
  assert.deepEqual(Object.keys(open.body), ['request', 'choice', 'candidates', 'why']);
  assert.equal(open.body.request, 'analyses the evidence');
  assert.ok(open.body.candidates.length <= 2);
  const ruled = await route({
    request: 'analyses the evidence',
    context: 'matter',
    state: { profile: { intake_status: 'new' } },
  });
  assert.equal(ruled.status, 200);
  assert.match(ruled.body.why, /evidence is ruled out by its rules/);
  assert.doesNotMatch(open.body.why, /ruled out by its rules/);
});

test('POST /v1/route: a bad body is a 400 naming the field', async () => {
  const bad = await route({ request: 'x', state: 'new' });
  assert.equal(bad.status, 400);
  assert.deepEqual(
    bad.body.error.fields.map((f: { field: string }) => f.field),
    ['state'],
  );
  const empty = await route({ request: '  ' });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error.fields[0].field, 'request');
});
