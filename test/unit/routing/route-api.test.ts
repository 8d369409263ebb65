import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRouteIndex, loadConfig, openSkein } from '../../../src/index.js';
import { ROOT } from '../../helpers/paths.js';

// What `POST /v1/route` will do: the skills of a Skein's skills path, one index, `route --json`'s object.
test('the package entry routes over a Skein’s skills: one index, the route --json object, none when nothing fits', async () => {
  const home = join(mkdtempSync(join(tmpdir(), 'skein-route-api-')), 'home');
  const config = loadConfig(ROOT, { SKEIN_HOME: home, SKEIN_SKILLS: join(ROOT, 'test/fixtures/routing') });
  const skein = openSkein({ config });
  try {
    const index = buildRouteIndex(await skein.skills.list());
    const routed = await index.route('Merge these three PDF files into one', { limit: 2 });
    assert.deepEqual(Object.keys(routed), ['request', 'choice', 'candidates', 'why']);
    assert.deepEqual(
      { id: routed.choice?.id, version: routed.choice?.version, dialect: routed.choice?.dialect },
      { id: 'pdf-tools', version: '1.0.0', dialect: 'skilldoc' },
    );
    assert.ok(routed.candidates.length <= 2);
    const none = await index.route('Play some relaxing music', { limit: 2 });
    assert.equal(none.choice, null);
    assert.match(none.why, /^no skill fits/);
  } finally {
    await skein.close();
  }
});
