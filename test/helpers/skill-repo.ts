import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './paths.js';

/** An Agent Skills folder whose script, if it were ever run, would leave a file behind. */
export function pdfSkill(marker: string, extra = ''): Record<string, string> {
  return {
    'SKILL.md': `---\nname: pdf\ndescription: Fills PDF forms.${extra}\nallowed-tools: Bash(python:*) Read\n---\n# PDF\n\nSee [forms](references/forms.md); run scripts/fill.py.\n`,
    'references/forms.md': '# Forms\n',
    'scripts/fill.py': `open(${JSON.stringify(marker)}, "w").write("ran")\n`,
  };
}

/** Writes files (path → text) under a folder. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Runs git in a folder with a fixed identity; returns its output. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  ).trim();
}

/** A git repository of skills: pdf/ (an Agent Skills folder) and greet.md (Aegis), tagged v1. */
export function skillRepo(marker: string): string {
  const repo = mkdtempSync(join(tmpdir(), 'skein-repo-'));
  git(repo, 'init', '-q');
  writeTree(
    repo,
    Object.fromEntries(Object.entries(pdfSkill(marker)).map(([p, t]) => [`skills/pdf/${p}`, t])),
  );
  writeFileSync(join(repo, 'skills/greet.md'), readFileSync(join(ROOT, 'test/fixtures/aegis/greet.md')));
  writeFileSync(join(repo, 'README.md'), '# Some skills\n');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'v1');
  git(repo, 'tag', 'v1');
  return repo;
}

/** An empty project folder (a skein.yaml whose skills are ./skills). */
export function emptyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skein-project-'));
  writeFileSync(join(dir, 'skein.yaml'), 'skills: ./skills\n');
  return dir;
}

/** A static HTTP server on 127.0.0.1 over a map of paths to bodies (changeable while it runs). */
export async function staticServer(
  files: Map<string, Uint8Array | string>,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const body = files.get(new URL(req.url!, 'http://x').pathname);
    if (body === undefined) res.writeHead(404).end();
    else res.writeHead(200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
