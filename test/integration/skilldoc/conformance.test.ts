import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { skein } from '../../helpers/cli.js';

/**
 * The Agent Skills conformance set (test/fixtures/agent-skills): each case's verdict, written down in
 * manifest.yaml with the sentence of the spec or the client implementation guide it comes from, is
 * what the built `skein validate` says, in the default mode and with --strict.
 */
const ROOT = 'test/fixtures/agent-skills';
type Verdict = 'ok' | 'warn' | 'error';
interface Case {
  path: string;
  default: Verdict;
  strict: 'ok' | 'error';
  codes?: string[];
  skills: string[];
  source: string;
}
interface Report {
  files: { skills: { id: string }[]; diagnostics: { severity: string; code: string; message: string }[] }[];
  errors: number;
  warnings: number;
}
const { cases } = parse(readFileSync(join(ROOT, 'manifest.yaml'), 'utf8')) as { cases: Case[] };

async function validate(path: string, strict: boolean): Promise<{ code: number; report: Report }> {
  const r = await skein(['validate', join(ROOT, path), '--json', ...(strict ? ['--strict'] : [])]);
  assert.equal(r.stderr, '', `${path}: nothing on stderr`);
  return { code: r.code, report: JSON.parse(r.stdout) as Report };
}

function verdict(code: number, report: Report): Verdict {
  if (code !== 0) return 'error';
  return report.warnings ? 'warn' : 'ok';
}

test('the manifest covers every case of the fixture set, each with its source sentence', () => {
  assert.ok(cases.length >= 30, `${cases.length} cases`);
  for (const c of cases) assert.ok(c.source.length > 20, `${c.path} cites its source`);
});

for (const c of cases)
  test(`${c.path}: ${c.default} by the client guide, ${c.strict} by the spec (--strict)`, async () => {
    const plain = await validate(c.path, false);
    const problems = plain.report.files.flatMap((f) => f.diagnostics).filter((d) => d.severity !== 'info');
    const why = `${c.source}\n${JSON.stringify(problems, null, 1)}`;
    assert.equal(verdict(plain.code, plain.report), c.default, why);
    assert.deepEqual([...new Set(problems.map((d) => d.code))].sort(), [...(c.codes ?? [])].sort(), why);
    assert.deepEqual(
      plain.report.files.flatMap((f) => f.skills.map((s) => s.id)).sort(),
      [...c.skills].map(String).sort(),
      why,
    );
    const strict = await validate(c.path, true);
    assert.equal(verdict(strict.code, strict.report), c.strict, `--strict: ${why}`);
    if (c.strict === 'ok') assert.equal(strict.report.errors + strict.report.warnings, 0);
  });
