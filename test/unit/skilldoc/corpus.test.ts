import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';

test(
  'every AgentOS corpus document loads; only missing core sections are reported',
  { skip: corpusSkip },
  async () => {
    const { units } = await loadPaths([join(CORPUS, 'agentos')]);
    const loaded = units.filter((u) => u.dialect === 'skilldoc');
    assert.deepEqual(
      loaded.map((u) => [
        u.path.slice(CORPUS.length + 1),
        u.skills.map((s) => `${s.id}@${s.version}`),
        [...new Set(u.diagnostics.map((d) => d.code))],
      ]),
      [
        ['agentos/external/jina_multi_page_summarizer.SKILL.md', ['jina_multi_page_summarizer@1.0.0'], []],
        ['agentos/external/jina_multi_page_summarizer_zh.SKILL.md', ['jina_multi_page_summarizer@1.0.0'], []],
        ['agentos/spec_example_data_analyzer.SKILL.md', ['data_analyzer@1.0.1'], []],
        ['agentos/test_fixture_test_skill.SKILL.md', ['test_skill@1.0.0'], ['skilldoc/missing-section']],
      ],
    );
    const zh = loaded[1].skills[0].doc!;
    assert.deepEqual(
      zh.parts.map((p) => p.id),
      ['examples', 'troubleshooting'],
    );
    assert.ok(zh.summary.startsWith('# Jina多页面总结汇总器\n\n## 概述'));
    assert.ok(
      zh.summary.endsWith(
        '[Available Chunks]\n- examples: 详细的使用示例和代码演示\n- troubleshooting: 常见问题解决和错误处理指南',
      ),
    );
  },
);

test(
  'all 18 Anthropic Agent Skills load; the two breaches the MANIFEST notes are the only warnings',
  { skip: corpusSkip },
  async () => {
    const root = join(CORPUS, 'anthropic');
    const { units, skipped } = await loadPaths([root]);
    const folders = readdirSync(root).filter((d) => !d.startsWith('_') && !d.includes('.'));
    assert.equal(folders.length, 18);
    assert.deepEqual(
      units.map((u) => u.path.slice(root.length + 1)),
      folders.sort(),
    );
    for (const u of units) {
      assert.equal(u.dialect, 'skilldoc');
      assert.equal(u.skills.length, 1, `${u.path}: ${JSON.stringify(u.diagnostics)}`);
      assert.ok(
        u.skills[0].doc!.summary.length < u.skills[0].doc!.body.length || u.path.endsWith('template'),
        `${u.path}: summary is not shorter`,
      );
    }
    const warnings = units.flatMap((u) =>
      u.diagnostics.map(
        (d) => `${u.path.slice(root.length + 1)} ${d.line}:${d.column} ${d.severity} ${d.code}`,
      ),
    );
    assert.deepEqual(warnings, [
      'claude-api 3:14 warning skilldoc/description-too-long',
      'template 2:7 warning skilldoc/name-mismatch',
    ]);
    assert.ok(
      skipped.every((s) => s.path.includes('/_spec/') || s.path.endsWith('MANIFEST.txt')),
      skipped.map((s) => s.path).join(', '),
    );
    const pdf = units.find((u) => u.path.endsWith('/pdf'))!.skills[0].doc!;
    assert.deepEqual(
      pdf.parts.filter((p) => p.kind === 'reference').map((p) => [p.id, p.description]),
      [
        ['forms.md', 'Fillable fields (reference, 12 KB)'],
        ['reference.md', 'PDF Processing Advanced Reference (reference, 16 KB)'],
      ],
    );
    const claude = units.find((u) => u.path.endsWith('/claude-api'))!.skills[0].doc!;
    assert.equal(claude.parts.filter((p) => p.kind === 'reference').length, 64);
  },
);
