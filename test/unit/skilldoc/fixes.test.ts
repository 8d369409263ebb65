import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parse } from 'yaml';
import type { Diagnostic, Position } from '../../../src/ir/diagnostic.js';
import { loadPaths } from '../../../src/skills/index.js';

/**
 * Every fix Skein suggests for the Agent Skills conformance set is itself valid: applying it (the
 * diagnostic's edit, and the folder rename its message asks for) and validating again removes that
 * finding and brings no new one.
 */
const ROOT = resolve('test/fixtures/agent-skills');
const { cases } = parse(readFileSync(join(ROOT, 'manifest.yaml'), 'utf8')) as { cases: { path: string }[] };
const RENAME = /rename the folder to "([^"]+)"/;

async function findings(path: string): Promise<Diagnostic[]> {
  return (await loadPaths([path])).units.flatMap((u) => u.diagnostics);
}

function offset(text: string, at: Position): number {
  let pos = 0;
  for (let line = 1; line < at.line; line++) pos = text.indexOf('\n', pos) + 1;
  return pos + at.column - 1;
}

/** The codes of some diagnostics with their counts, as sorted "code×n" entries. */
function tally(ds: readonly Diagnostic[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const d of ds) n.set(d.code, (n.get(d.code) ?? 0) + 1);
  return n;
}

let applied = 0;
for (const c of cases)
  test(`fixes suggested for ${c.path} are valid`, async () => {
    const source = join(ROOT, c.path);
    const before = await findings(source);
    for (const [i, d] of before.entries()) {
      const rename = RENAME.exec(d.message)?.[1];
      if (!d.fix && !rename) continue;
      const copy = join(mkdtempSync(join(tmpdir(), 'skein-fix-')), basename(source));
      cpSync(source, copy, { recursive: true });
      const file = join(copy, relative(source, d.file)) || copy;
      let root = copy;
      if (d.fix) {
        const text = readFileSync(file, 'utf8');
        writeFileSync(
          file,
          text.slice(0, offset(text, d.fix.start)) + d.fix.text + text.slice(offset(text, d.fix.end)),
        );
      }
      if (rename) {
        const folder = dirname(file);
        renameSync(folder, join(dirname(folder), rename));
        if (folder === copy) root = join(dirname(folder), rename);
      }
      const after = tally(await findings(root));
      const was = tally(before);
      const why = `${c.path} #${i} ${d.code}: ${d.message}\nafter: ${JSON.stringify([...after])}`;
      assert.equal(after.get(d.code) ?? 0, (was.get(d.code) ?? 0) - 1, `the finding is gone: ${why}`);
      for (const [code, n] of after) assert.ok(n <= (was.get(code) ?? 0), `nothing new: ${why}`);
      applied++;
    }
  });

test('the set exercises the fixes', () => {
  assert.ok(applied >= 15, `${applied} fixes applied`);
});
