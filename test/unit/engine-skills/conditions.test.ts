import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileCondition } from '../../../src/expr/conditions/index.js';

function holds(source: string, state: unknown, context: string | null = null): boolean {
  const compiled = compileCondition(source);
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.value.test({ state, context });
}

test('the corpus conditions: comparisons, null, lengths, && and !', () => {
  assert.equal(holds("state.profile.intake_status != 'completed'", { profile: {} }), true);
  assert.equal(
    holds("state.profile.intake_status != 'completed'", { profile: { intake_status: 'completed' } }),
    false,
  );
  assert.equal(holds('state.matter_id != null', {}), false);
  assert.equal(holds('state.matter_id != null', { matter_id: 'm-1' }), true);
  const rule = 'state.attachment_file_ids.length > 0 && state.files_classified != true';
  assert.equal(holds(rule, { attachment_file_ids: ['f'], files_classified: false }), true);
  assert.equal(holds(rule, { attachment_file_ids: [], files_classified: false }), false);
  assert.equal(holds(rule, {}), false);
  assert.equal(holds('!state.issues', { issues: [] }), true, 'an empty list is false');
  assert.equal(holds('!state.issues', { issues: ['x'] }), false);
  assert.equal(holds("state.n >= 2 and not state.done or context == 'matter'", { n: 1 }, 'matter'), true);
  assert.equal(
    holds('len(state.name) == 3 && state.list[1] == True', { name: 'abc', list: [0, true] }),
    true,
  );
  assert.equal(holds('state.count == 1', { count: '1' }), false, '== does not convert types');
});

test('unparsable conditions say where and how to fix them', () => {
  const bad = (source: string) => {
    const r = compileCondition(source);
    assert.ok(!r.ok);
    return `${r.offset}+${r.length}: ${r.message}`;
  };
  assert.equal(
    bad("state.a in ['x']"),
    `8+2: "in" is not supported: compare each value, e.g. state.kind == 'a' || state.kind == 'b'`,
  );
  assert.equal(
    bad('state.a = 1'),
    "8+1: use == to compare (a single = is not an operator), e.g. state.status == 'done'",
  );
  assert.equal(bad('state.a == 1 & state.b'), '13+1: use && (a single & is not an operator)');
  assert.equal(bad('(state.a'), '0+1: ( is not closed: add )');
  assert.equal(bad("state.a == 'x"), "11+1: the string is not closed: add '");
  assert.equal(bad('1 < state.a < 3'), '12+1: comparisons cannot be chained: write a < b && b < c');
  assert.equal(bad(''), "0+0: empty condition: write one such as state.profile.status != 'done'");
  assert.equal(bad('nope(state.a)'), '0+13: unknown function "nope"; known: len');
});
