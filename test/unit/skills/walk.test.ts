import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyFolders, loadPaths } from '../../../src/skills/index.js';

function skill(dir: string, name: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: The ${name} skill.\n---\nBody.\n`);
}

test('links inside the folder searched are followed and load once; links out of it are named, loops skipped', async () => {
  const top = mkdtempSync(join(tmpdir(), 'skein-walk-'));
  const root = join(top, 'repo');
  skill(join(root, 'skills', 'shared'), 'shared');
  skill(join(root, 'vendor', 'kept'), 'kept');
  skill(join(top, 'elsewhere', 'outer'), 'outer');
  mkdirSync(join(root, '.claude', 'skills'), { recursive: true });
  // The client's folder links to the repository's own skills (loaded once, by their own path) ...
  symlinkSync(join(root, 'skills', 'shared'), join(root, '.claude', 'skills', 'shared'));
  // ... and to a skill only reachable through the link, inside node_modules, which walks never enter.
  mkdirSync(join(root, 'node_modules', 'pkg'), { recursive: true });
  skill(join(root, 'node_modules', 'pkg', 'linked'), 'linked');
  symlinkSync(join(root, 'node_modules', 'pkg', 'linked'), join(root, '.claude', 'skills', 'linked'));
  symlinkSync(join(top, 'elsewhere', 'outer'), join(root, '.claude', 'skills', 'outer'));
  symlinkSync(root, join(root, 'vendor', 'loop'));
  symlinkSync(join(top, 'nothing'), join(root, 'dangling'));

  const { units, skipped } = await loadPaths([root]);
  const ids = units.flatMap((u) => u.skills.map((s) => s.id)).sort();
  assert.deepEqual(ids, ['kept', 'linked', 'shared']);
  const shared = units.find((u) => u.skills[0]?.id === 'shared')!;
  assert.equal(shared.path, join(root, 'skills', 'shared'), 'by its own path, not the link');
  const outside = units.find((u) => u.diagnostics.some((d) => d.code === 'skein/link-outside'))!;
  assert.equal(outside.path, join(root, '.claude', 'skills', 'outer'));
  assert.match(
    outside.diagnostics[0].message,
    /outside .*repo; links are followed only inside the folder searched/,
  );
  const why = Object.fromEntries(skipped.map((s) => [s.path.slice(root.length + 1), s.reason]));
  assert.match(why['vendor/loop'], /\(a loop\)/);
  assert.equal(why['dangling'], 'a symbolic link to nothing');
  assert.match(why['.claude/skills/shared'], /the same as .*skills\/shared, loaded there/);
  assert.equal(why['node_modules'], 'installed packages, not searched');
});

test('in a walk only SKILL.md folders and *.SKILL.md files are skill documents; named, other Markdown may be', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skein-walk-md-'));
  skill(join(root, 'plugin', 'skills', 'audit'), 'audit');
  mkdirSync(join(root, 'plugin', 'agents'));
  mkdirSync(join(root, 'plugin', 'commands'));
  const frontmatter = '---\nname: x\ndescription: y\n---\nText.\n';
  writeFileSync(join(root, 'plugin', 'agents', 'reviewer.md'), frontmatter);
  writeFileSync(join(root, 'plugin', 'commands', 'triage.md'), frontmatter);
  writeFileSync(join(root, 'guide.SKILL.md'), '---\nname: guide\ndescription: A guide\n---\n# Guide\n');
  const { units, skipped } = await loadPaths([root]);
  assert.deepEqual(units.flatMap((u) => u.skills.map((s) => s.id)).sort(), ['audit', 'guide']);
  const why = Object.fromEntries(skipped.map((s) => [s.path.slice(root.length + 1), s.reason]));
  assert.match(
    why['plugin/agents/reviewer.md'],
    /^a subagent definition with a name\/description frontmatter, not a skill/,
  );
  assert.match(why['plugin/commands/triage.md'], /^a slash command with/);
  const named = await loadPaths([join(root, 'plugin', 'agents', 'reviewer.md')]);
  assert.deepEqual(
    named.units[0].skills.map((s) => s.id),
    ['x'],
  );
});

test('a named folder without any skill is an error naming what was passed over', async () => {
  const root = mkdtempSync(join(tmpdir(), 'skein-walk-empty-'));
  mkdirSync(join(root, 'agents'));
  writeFileSync(join(root, 'agents', 'helper.md'), '---\nname: helper\ndescription: Helps\n---\n');
  const { units, skipped } = await loadPaths([root]);
  const [unit] = emptyFolders([root], units, skipped);
  assert.equal(unit.diagnostics[0].code, 'skein/no-skills');
  assert.match(
    unit.diagnostics[0].message,
    /1 file passed over .*such as agents\/helper\.md: a subagent definition/,
  );
  skill(join(root, 'real'), 'real');
  const again = await loadPaths([root]);
  assert.deepEqual(emptyFolders([root], again.units, again.skipped), []);
});
