import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { agenticdsl } from '../../../src/dialects/agenticdsl/index.js';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';
import { diskFiles } from '../../../src/ir/disk-files.js';

const DIR = join(CORPUS, 'agenticdsl');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? markdownFiles(p) : p.endsWith('.md') ? [p] : [];
  });
}

test(
  'every AgenticDSL corpus file loads or gets diagnostics, and none crashes the loader',
  { skip: corpusSkip },
  async () => {
    const files = markdownFiles(DIR);
    const { units, skipped } = await loadPaths([DIR]);
    assert.deepEqual(
      skipped.map((s) => relative(DIR, s.path)).sort(),
      ['MANIFEST.txt', 'lib_auth_verify_session.md'],
      'only the manifest and the empty file belong to no dialect',
    );
    assert.equal(units.length, files.length - 1);
    for (const u of units) {
      assert.equal(u.dialect, 'agenticdsl', u.path);
      assert.ok(
        !u.diagnostics.some((d) => d.code === 'skein/internal-error'),
        `${u.path}: ${u.diagnostics.map((d) => d.message).join('; ')}`,
      );
      assert.ok(
        u.skills.length === 1 || u.diagnostics.some((d) => d.severity === 'error'),
        `${u.path} neither loads nor explains why`,
      );
      for (const d of u.diagnostics) {
        assert.match(d.code, /^agenticdsl\/[a-z-]+$/);
        assert.ok(d.line >= 1 && d.column >= 1, `${u.path}: ${d.code} at ${d.line}:${d.column}`);
      }
    }
    // Which files load and why the others do not: triage.test.ts.
  },
);

test(
  'every corpus file survives every prefix cut (a file an LLM stopped writing half-way)',
  { skip: corpusSkip },
  () => {
    for (const file of markdownFiles(DIR)) {
      const text = readFileSync(file, 'utf8');
      for (let cut = 0; cut <= text.length; cut += Math.max(1, Math.floor(text.length / 40))) {
        const part = text.slice(0, cut);
        assert.doesNotThrow(
          () =>
            agenticdsl.claimsFile(file, part, true, diskFiles) && agenticdsl.loadFile(file, part, diskFiles),
          `${file} cut at ${cut}`,
        );
      }
    }
  },
);

test(
  'the engine example with a /main subgraph and single-node blocks loads as one graph',
  { skip: corpusSkip },
  async () => {
    const { units } = await loadPaths([join(DIR, 'examples_agent_basic_workflow.agent@cc8c7dfb.md')]);
    const skill = units[0].skills[0];
    assert.equal(skill.id, 'examples_agent_basic_workflow_agent_cc8c7dfb');
    assert.deepEqual(skill.budget, { maxNodes: 10, maxLlmCalls: 1 });
    assert.deepEqual(skill.graph!.edges, [
      { from: '/main/start', to: '/main/query' },
      { from: '/main/query', to: '/main/analyze' },
      { from: '/main/analyze', to: '/end' },
    ]);
    assert.deepEqual(
      units[0].diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`),
      ['22:9 agenticdsl/unreachable'],
      'the /main subgraph declares an end that the flow (which ends at /end) never reaches',
    );
  },
);

test(
  'the broken-YAML fixture gets the missing heading, the missing END marker and the YAML error',
  { skip: corpusSkip },
  async () => {
    const { units } = await loadPaths([join(DIR, 'external/HydraForge_fixtures_invalid_yaml.agent.md')]);
    assert.deepEqual(
      units[0].diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`),
      [
        '4:1 error agenticdsl/missing-heading',
        '17:41 error agenticdsl/missing-end-marker',
        '16:16 error agenticdsl/yaml',
        '16:16 error agenticdsl/yaml',
        '1:1 error agenticdsl/no-nodes',
      ],
    );
  },
);
