// Written by hand for fuzz findings whose inputs came from the shared corpus (those inputs are not kept
// in the repository): each construct loads into positioned diagnostics well within the bound. The
// alias and anchor cases failed before their fixes (24.8 s; a stack overflow); the others guard the
// same code paths with synthetic forms of the findings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadText } from '../../../src/skills/index.js';
import { badDiagnostic } from '../../helpers/fuzz/check-input.js';

const AEGIS = '# skill: grow\n\n**version**: 1.0.0\n\n## description\n\nGrowth.\n\n';
const DSL = '### AgenticDSL `/main/start`\n\n```yaml\ntype: assign\n';

const CASES: { name: string; path: string; text: string }[] = [
  {
    name: '4,700 aliases of one anchor (47 s when each alias was resolved on its own)',
    path: 'g.md',
    text: `${DSL}a: &a [x]\n${Array.from({ length: 4700 }, (_, i) => `b${i}: *a\n`).join('')}\`\`\`\n`,
  },
  {
    name: '200,000 YAML error tokens on one line',
    path: 'g.md',
    text: `${DSL}v: x\nw: ${'[0]'.repeat(200_000)}y:\n\`\`\`\n`,
  },
  {
    name: 'a flow collection nested 50,000 deep after an anchor (a stack overflow)',
    path: 'g.md',
    text: `${DSL}v: &deep ${'['.repeat(50_000)}\n\`\`\`\n`,
  },
  {
    name: 'a flow collection nested 50,000 deep after a tag',
    path: 'g.md',
    text: `${DSL}v: !custom ${'{a: '.repeat(50_000)}\n\`\`\`\n`,
  },
  {
    name: 'dashes inside an unclosed flow collection',
    path: 'g.md',
    text: `${DSL}v: [\n${'- '.repeat(50_000)}x\n\`\`\`\n`,
  },
  {
    name: 'an Aegis read of a 100 KB name',
    path: 'grow.md',
    text: `${AEGIS}## steps\n\n### step: s\n\n**type**: template\n\n\`\`\`template\n{{ ${'n'.repeat(100_000)} }}\n\`\`\`\n`,
  },
];

for (const c of CASES)
  test(c.name, () => {
    const t0 = performance.now();
    const unit = loadText(c.path, c.text);
    const ms = performance.now() - t0;
    const bad = unit.diagnostics.map(badDiagnostic).filter(Boolean);
    assert.deepEqual(bad, [], 'every diagnostic positioned, none an internal error');
    assert.ok(ms < 5000, `loaded in ${Math.round(ms)} ms`);
  });
