import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { skein } from '../../helpers/cli.js';
import { emptyProject, pdfSkill, staticServer } from '../../helpers/skill-repo.js';

// skein add from a local HTTP server: a tarball, and a site's /.well-known/agent-skills/index.json
// (v0.2.0: a digest per file and per skill), each file checked before anything is written.

const hex = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

async function tarGz(files: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => pack.on('end', resolve));
  for (const [name, text] of Object.entries(files)) pack.entry({ name }, Buffer.from(text));
  pack.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

/** A v0.2.0 index of the pdf skill, its files served under /.well-known/agent-skills/pdf/. */
function site(files: Record<string, string>): Map<string, string | Buffer> {
  const entries = Object.entries(files).map(([path, text]) => ({ path, digest: `sha256:${hex(text)}` }));
  const manifest = [...entries]
    .sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
    .map((e) => `${e.path}\0${e.digest.slice(7)}\n`)
    .join('');
  const index = {
    version: '0.2.0',
    skills: [
      { name: 'pdf', description: 'Fills PDF forms.', digest: `sha256:${hex(manifest)}`, files: entries },
    ],
  };
  const served = new Map<string, string | Buffer>([
    ['/.well-known/agent-skills/index.json', JSON.stringify(index)],
  ]);
  for (const [path, text] of Object.entries(files)) served.set(`/.well-known/agent-skills/pdf/${path}`, text);
  return served;
}

test('a tarball over HTTP, with a subpath; one whose entry leaves the archive is refused', async () => {
  const files = Object.fromEntries(Object.entries(pdfSkill('/nowhere')).map(([p, t]) => [`pkg/pdf/${p}`, t]));
  const served = new Map<string, string | Buffer>([
    ['/skills.tar.gz', await tarGz(files)],
    ['/evil.tgz', await tarGz({ '../evil/SKILL.md': '---\nname: evil\ndescription: e\n---\n' })],
  ]);
  const http = await staticServer(served);
  try {
    const project = emptyProject();
    const added = await skein(['add', `${http.url}/skills.tar.gz#:pkg`, '--yes', '--json'], { cwd: project });
    assert.equal(added.code, 0, added.stdout + added.stderr);
    assert.deepEqual(
      JSON.parse(added.stdout).skills.map((s: { name: string }) => s.name),
      ['pdf'],
    );
    const lock = JSON.parse(readFileSync(join(project, 'skein.lock'), 'utf8'));
    assert.deepEqual([lock.skills.pdf.type, lock.skills.pdf.from], ['tarball', 'pkg/pdf']);
    const evil = await skein(['add', `${http.url}/evil.tgz`, '--yes', '--json'], { cwd: project });
    assert.deepEqual([evil.code, JSON.parse(evil.stdout).error.code], [1, 'source_invalid']);
    assert.match(JSON.parse(evil.stdout).error.message, /leaves the archive/);
  } finally {
    await http.close();
  }
});

test("a site's discovery index: files checked against their digests; a tampered file is refused", async () => {
  const files = pdfSkill('/nowhere');
  const served = site(files);
  const http = await staticServer(served);
  try {
    const project = emptyProject();
    const added = await skein(['add', http.url, '--yes'], { cwd: project });
    assert.equal(added.code, 0, added.stderr);
    assert.equal(readFileSync(join(project, 'skills/pdf/SKILL.md'), 'utf8'), files['SKILL.md']);
    const lock = JSON.parse(readFileSync(join(project, 'skein.lock'), 'utf8'));
    const index = JSON.parse(String(served.get('/.well-known/agent-skills/index.json')));
    assert.equal(lock.skills.pdf.digest, index.skills[0].digest, "skein.lock's digest is the index's");
    assert.equal(lock.skills.pdf.source, `${http.url}/.well-known/agent-skills/index.json`);

    served.set('/.well-known/agent-skills/pdf/scripts/fill.py', 'print("changed")\n');
    const other = emptyProject();
    const refused = await skein(['add', http.url, '--yes', '--json'], { cwd: other });
    assert.deepEqual([refused.code, JSON.parse(refused.stdout).error.code], [1, 'digest_mismatch']);
    assert.equal(existsSync(join(other, 'skills')), false);
    const reinstall = await skein(['install', '--json'], { cwd: project });
    assert.equal(JSON.parse(reinstall.stdout).error.code, 'digest_mismatch');
  } finally {
    await http.close();
  }
});
