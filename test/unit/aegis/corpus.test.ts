import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileAegis } from '../../../src/dialects/aegis/compile.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';

const AEGIS = join(CORPUS, 'aegis');
const SPEC = join(AEGIS, 'spec_examples');

/**
 * Spec 1.0.0 examples that the spec itself gets wrong, with the errors Skein reports for them.
 * sales_trend_analysis: the prompt's varName "chart_type" is also an input field (spec §4.2 forbids it).
 */
const SPEC_MISTAKES: Record<string, string[]> = {
  sales_trend_analysis: ['aegis/varname-conflict'],
};

function load(path: string) {
  return compileAegis(path, readFileSync(path, 'utf8'));
}

test("every v1.0.0 spec example parses; the spec's own mistakes are reported", { skip: corpusSkip }, () => {
  const files = readdirSync(SPEC).filter((f) => f.startsWith('v1.0.0_'));
  assert.ok(files.length >= 19, `expected the 19 v1.0.0 examples, found ${files.length}`);
  const report: string[] = [];
  for (const f of files) {
    const r = load(join(SPEC, f));
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    const base = f.replace(/^v1\.0\.0_README_/, '').replace(/(_[0-9a-f]{8})?\.md$/, '');
    const expected = SPEC_MISTAKES[base] ?? [];
    assert.deepEqual(
      [...new Set(errors.map((d) => d.code))],
      expected,
      `${f}: ${errors.map((d) => `${d.line}:${d.column} ${d.message}`).join(' | ')}`,
    );
    assert.equal(r.skills.length, expected.length ? 0 : 1, f);
    if (errors.length) report.push(`${f}: ${errors.map((d) => d.message).join('; ')}`);
  }
  // Visible in the test output: what the spec gets wrong.
  console.log(`spec 1.0.0 examples with errors of the spec's own:\n  ${report.join('\n  ')}`);
});

test(
  'every real file and every spec example loads or gets diagnostics, never a crash',
  { skip: corpusSkip },
  () => {
    const real = readdirSync(AEGIS)
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(AEGIS, f));
    const spec = readdirSync(SPEC).map((f) => join(SPEC, f));
    assert.ok(real.length >= 29);
    let loaded = 0;
    for (const path of [...real, ...spec]) {
      const r = load(path);
      const errors = r.diagnostics.filter((d) => d.severity === 'error');
      assert.ok(r.skills.length === 1 || errors.length > 0, `${path}: neither a skill nor an error`);
      for (const d of r.diagnostics) {
        assert.ok(d.line >= 1 && d.column >= 1, `${path}: bad position ${d.line}:${d.column}`);
        assert.ok(d.message.length > 10, `${path}: terse message ${d.message}`);
      }
      if (r.skills.length) loaded++;
    }
    assert.ok(loaded > 20, `only ${loaded} corpus files loaded`);
  },
);

test('invalid_syntax.md fails with a missing-header error', { skip: corpusSkip }, () => {
  const r = load(join(AEGIS, 'skill-dsl_src_test_resources_skills_invalid_syntax.md'));
  assert.equal(r.skills.length, 0);
  assert.ok(r.diagnostics.some((d) => d.code === 'aegis/bad-header' && d.line === 1));
});

test('older real files load with warnings, not errors', { skip: corpusSkip }, () => {
  for (const f of [
    'skill-dsl_src_test_resources_skills_simple_tool.md',
    'skill-demo_src_main_resources_skills_test.md',
    'skill-search_src_main_resources_skills_simple_search.md',
  ]) {
    const r = load(join(AEGIS, f));
    assert.equal(r.skills.length, 1, `${f}: ${JSON.stringify(r.diagnostics)}`);
  }
});
