import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS } from '../../../src/routing/index.js';
import { leaveOneOut, rankLibrary } from '../../../bench/route-heldout-eval.js';
import { loadRouteLibraries } from '../../../bench/route-libraries.js';

// Leave-one-library-out over the routing libraries of test/fixtures/routing: the "none" decision is
// tuned on the other libraries and measured on each one left out (bench/route-heldout.ts also chooses
// among lexical variants; docs/routing.md has both tables).
const libraries = await loadRouteLibraries();
const folds = leaveOneOut(
  libraries.map((l) => l.name),
  { shipped: libraries.map((l) => rankLibrary(l, DEFAULT_SETTINGS)) },
);
const byName = Object.fromEntries(folds.map((f) => [f.library, f.figures]));

test('seven libraries from different sources, each with near misses and unrelated requests', () => {
  assert.equal(libraries.length, 7);
  for (const l of libraries) {
    assert.ok(l.skills.length >= 10, `${l.name}: ${l.skills.length} skills`);
    assert.ok(l.requests.filter((r) => r.expect === null).length >= 6, `${l.name}: requests for none`);
    assert.ok(
      l.requests.some((r) => /\p{Script=Han}/u.test(r.request)),
      `${l.name}: Chinese requests`,
    );
    const ids = new Set(l.skills.map((s) => s.id));
    for (const r of l.requests) if (r.expect) assert.ok(ids.has(r.expect), `${l.name}: ${r.expect}`);
  }
});

test('held out, the lexical stage meets the targets over all requests: top-1 ≥ 80%, none ≥ 70%, top-5 ≥ 97%', () => {
  const total = (key: 'top1' | 'none' | 'top5', n: 'inScope' | 'outOfScope') =>
    folds.reduce((s, f) => s + f.figures[key] * f.figures[n], 0) /
    folds.reduce((s, f) => s + f.figures[n], 0);
  assert.ok(total('top1', 'inScope') >= 0.8, `top-1 ${total('top1', 'inScope')}`);
  assert.ok(total('none', 'outOfScope') >= 0.7, `none ${total('none', 'outOfScope')}`);
  assert.ok(total('top5', 'inScope') >= 0.97, `top-5 ${total('top5', 'inScope')}`);
});

test('held out, every library keeps none-accuracy ≥ 70%; all but the Chinese corpus reach top-1 ≥ 80%', () => {
  for (const [name, f] of Object.entries(byName)) {
    assert.ok(f.none >= 0.7, `${name}: none ${f.none}`);
    // The corpus's skills describe themselves in a few Chinese words; its misses are listed in docs/routing.md.
    assert.ok(f.top1 >= (name === 'corpus' ? 0.6 : 0.8), `${name}: top-1 ${f.top1}`);
    assert.ok(f.top5 >= (name === 'corpus' ? 0.9 : 0.97), `${name}: top-5 ${f.top5}`);
  }
});
