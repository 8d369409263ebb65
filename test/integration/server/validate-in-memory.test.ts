import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../helpers/cli.js';
import { api, serverEnv, startServer, type Json, type ServerProcess } from '../../helpers/server.js';

// POST /v1/validate checks the posted text in memory (docs/http-api.md): `path` is a name the server
// never opens, and a skill's other files are the posted ones. Each case names a real file or folder
// on the server's disk whose content differs from what was posted, and shows it was not read.

let server: ServerProcess;
let v1: string;
let disk: string;

before(async () => {
  disk = mkdtempSync(join(tmpdir(), 'skein-validate-disk-'));
  mkdirSync(join(disk, 'pdf/references'), { recursive: true });
  // On disk: a SKILL.md that is broken and a reference page the posted text links to.
  writeFileSync(join(disk, 'pdf/SKILL.md'), '---\nname: [unclosed\n');
  writeFileSync(join(disk, 'pdf/references/forms.md'), '# Forms\n');
  mkdirSync(join(disk, 'classify'));
  writeFileSync(join(disk, 'classify/prompt.md'), 'Classify {{input.message}}.\n');
  server = await startServer(serverEnv());
  v1 = `${server.url}/v1`;
});

after(async () => {
  assert.equal(await server.stop(), 0, server.stderr());
});

const SKILL_MD =
  '---\nname: pdf\ndescription: Fills PDF forms.\n---\n# PDF\n\nSee [forms](references/forms.md).\n';

async function validate(body: Json): Promise<Json> {
  const res = await api(`${v1}/validate`, { method: 'POST', json: body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

const codes = (report: Json) => report.diagnostics.map((d: Json) => d.code);

test('a path naming a real SKILL.md is a name: the posted text is checked, and its folder is not read', async () => {
  const path = join(disk, 'pdf/SKILL.md');
  const report = await validate({ text: SKILL_MD, path });
  assert.equal(report.path, path);
  assert.deepEqual(report.skills, [{ id: 'pdf', version: '1.0.0' }]);
  // references/forms.md exists beside the real file, but was not posted.
  assert.deepEqual(codes(report), ['skilldoc/broken-link']);
  const withFile = await validate({
    text: SKILL_MD,
    path,
    files: { [join(disk, 'pdf/references/forms.md')]: '# Forms\n' },
  });
  assert.deepEqual(codes(withFile), []);
});

test('"SKILL.md" and "/etc/SKILL.md" walk neither the server\'s folder nor /etc', async () => {
  const readme = SKILL_MD.replace('references/forms.md', 'README.md');
  assert.ok(readFileSync(join(ROOT, 'README.md')).length > 0, 'the server runs in the repository root');
  const here = await validate({ text: readme, path: 'pdf/SKILL.md' });
  assert.deepEqual(codes(here), ['skilldoc/broken-link']);
  const etc = await validate({
    text: SKILL_MD.replace('references/forms.md', 'hostname'),
    path: '/etc/SKILL.md',
  });
  // /etc/hostname is not among the posted files; the name's folder is only a name ("etc").
  assert.deepEqual(
    etc.diagnostics.map((d: Json) => [d.code, d.message.match(/"(hostname|etc)"/)?.[1]]),
    [
      ['skilldoc/name-mismatch', 'etc'],
      ['skilldoc/broken-link', 'hostname'],
    ],
  );
});

test("without a path the text is not named after the server's folder", async () => {
  const report = await validate({ text: '---\nname: tiny\ndescription: A tiny guide.\n---\n# Tiny\n' });
  assert.equal(report.path, 'skill.md');
  assert.deepEqual([report.skills, codes(report)], [[{ id: 'tiny', version: '1.0.0' }], []]);
});

test("a skill.json's prompt.md is found among the posted files only", async () => {
  const manifest = JSON.stringify({
    name: 'classify',
    description: 'Classifies a message.',
    category: 'test',
    input: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    output: { type: 'object', properties: { label: { type: 'string' } } },
    mode: 'llm',
  });
  const path = join(disk, 'classify/skill.json');
  const alone = await validate({ text: manifest, path });
  assert.deepEqual(codes(alone), ['skilljson/missing-prompt']);
  const posted = await validate({
    text: manifest,
    path,
    files: { [join(disk, 'classify/prompt.md')]: 'Classify {{input.nothing}}.\n' },
  });
  // The posted prompt (which reads a field the input lacks) is checked, not the one on disk.
  assert.equal(posted.diagnostics.length, 1);
  assert.match(posted.diagnostics[0].message, /nothing/);
  assert.equal(posted.diagnostics[0].file, join(disk, 'classify/prompt.md'));
});
