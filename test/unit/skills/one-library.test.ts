import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { LibrarySkillService } from '../../../src/skills/index.js';
import { SkillLookupError } from '../../../src/index.js';
import { ROOT } from '../../helpers/paths.js';

// One skill library per Skein (docs/library-api.md): lookups beside a calling skill's file find its
// siblings without changing what any other lookup, the list or the diagnostics see.

const SKILLS = join(ROOT, 'test/fixtures/server/skills');
const BESIDE = join(ROOT, 'test/fixtures/mcp-server/skills/shout.md');

test('a lookup beside a file finds its siblings and leaves the shared library as it was', async () => {
  const skills = new LibrarySkillService([SKILLS]);
  const first = await skills.current();
  assert.ok(!first.library.all().some((s) => s.id === 'shout'));
  assert.equal((await skills.find('shout', BESIDE)).id, 'shout');
  await assert.rejects(skills.find('shout'), SkillLookupError);
  assert.equal(await skills.current(), first, 'the same library, not walked again');
  assert.ok(!(await skills.current()).library.all().some((s) => s.id === 'shout'));
  // A reload walks the path again, into a new library.
  const again = await skills.reload();
  assert.notEqual(again, first);
  assert.deepEqual(
    again.library.all().map((s) => `${s.id}@${s.version}`),
    first.library.all().map((s) => `${s.id}@${s.version}`),
  );
});
