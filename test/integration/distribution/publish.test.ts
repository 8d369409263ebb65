import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, skein } from '../../helpers/cli.js';
import { api, startServer } from '../../helpers/server.js';
import { emptyProject, pdfSkill, writeTree } from '../../helpers/skill-repo.js';

// Publishing: skein serve offers /.well-known/agent-skills/index.json (v0.2.0) with an archive per
// skill, and skein add takes the skills back from it through skein.lock; skein pack writes the same archive.

const sha = (b: Uint8Array | string) => `sha256:${createHash('sha256').update(b).digest('hex')}`;

/** A project whose skills are an Agent Skills folder, one whose name breaks the naming rule, and an Aegis file. */
function publisher(marker: string): string {
  const dir = emptyProject();
  writeTree(join(dir, 'skills/pdf'), pdfSkill(marker));
  writeTree(join(dir, 'skills/Web_Search'), {
    'SKILL.md': '---\nname: web-search\ndescription: Searches the web.\n---\n# Search\n',
  });
  writeFileSync(join(dir, 'skills/greet.md'), readFileSync(join(ROOT, 'test/fixtures/aegis/greet.md')));
  return dir;
}

test('skein serve publishes a discovery index whose digests match what it serves; skein add installs from it', async () => {
  const marker = join(mkdtempSync(join(tmpdir(), 'skein-marker-')), 'ran');
  const site = publisher(marker);
  const server = await startServer({
    SKEIN_HOME: mkdtempSync(join(tmpdir(), 'skein-home-')),
    SKEIN_CONFIG: join(site, 'skein.yaml'),
  });
  try {
    const { status, body: index } = await api(`${server.url}/.well-known/agent-skills/index.json`);
    assert.equal(status, 200);
    assert.equal(index.version, '0.2.0');
    assert.deepEqual(
      index.skills.map((s: { name: string }) => s.name),
      ['greet', 'pdf', 'web-search'],
      'Agent Skills folders under names of the naming rule, and the Aegis skill exported as one',
    );
    const pdf = index.skills[1];
    assert.deepEqual(
      index.skills[0].files.map((f: { path: string }) => f.path),
      ['SKILL.md', 'assets/original/greet.md', 'scripts/resume.sh', 'scripts/run.sh'],
    );
    assert.equal(pdf.description, 'Fills PDF forms.');
    assert.equal(pdf.files[0].path, 'SKILL.md');
    for (const f of pdf.files) {
      const res = await fetch(new URL(`pdf/${f.path}`, `${server.url}/.well-known/agent-skills/`));
      assert.equal(res.status, 200, f.path);
      assert.equal(sha(new Uint8Array(await res.arrayBuffer())), f.digest, f.path);
    }
    const pkg = await fetch(new URL(pdf.package.url, `${server.url}/.well-known/agent-skills/index.json`));
    const archive = new Uint8Array(await pkg.arrayBuffer());
    assert.equal(sha(archive), pdf.package.digest);
    const missing = await api(`${server.url}/.well-known/agent-skills/pdf/nothing.md`);
    assert.deepEqual([missing.status, missing.body.error.code], [404, 'not_found']);

    const project = emptyProject();
    const added = await skein(['add', server.url, '--yes', '--json'], { cwd: project });
    assert.equal(added.code, 0, added.stdout + added.stderr);
    assert.equal(
      readFileSync(join(project, 'skills/pdf/scripts/fill.py'), 'utf8'),
      readFileSync(join(site, 'skills/pdf/scripts/fill.py'), 'utf8'),
    );
    assert.equal(
      readFileSync(join(project, 'skills/greet/assets/original/greet.md'), 'utf8'),
      readFileSync(join(site, 'skills/greet.md'), 'utf8'),
    );
    const lock = JSON.parse(readFileSync(join(project, 'skein.lock'), 'utf8'));
    assert.deepEqual(Object.keys(lock.skills).sort(), ['greet', 'pdf', 'web-search']);
    assert.equal(lock.skills.pdf.digest, pdf.digest, "skein.lock records the index's skill digest");
    assert.equal(lock.skills.pdf.type, 'well-known');
    const installed = await skein(['install', '--json'], { cwd: project });
    assert.equal(installed.code, 0, installed.stdout + installed.stderr);
    assert.equal(existsSync(marker), false, 'no script of a skill ran');

    const out = mkdtempSync(join(tmpdir(), 'skein-pack-'));
    const packed = await skein(['pack', 'skills/pdf', '--out', out, '--json'], { cwd: site });
    assert.equal(packed.code, 0, packed.stderr);
    const report = JSON.parse(packed.stdout);
    assert.deepEqual(
      [report.name, report.digest, report.skillDigest],
      ['pdf', pdf.package.digest, pdf.digest],
    );
    assert.deepEqual(readFileSync(join(out, 'pdf.tar.gz')), Buffer.from(archive), 'the same bytes as served');
    const byId = await skein(['pack', 'greet', '--out', out], { cwd: site });
    assert.equal(byId.code, 0, byId.stderr);
    assert.ok(existsSync(join(out, 'greet.tar.gz')), 'a skill of any dialect packs by its id');
    const unknown = await skein(['pack', 'nope', '--json'], { cwd: site });
    assert.deepEqual([unknown.code, JSON.parse(unknown.stdout).error.code], [2, 'skill_not_found']);
  } finally {
    await server.stop();
  }
});
