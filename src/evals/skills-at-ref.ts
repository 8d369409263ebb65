import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SkeinError } from '../errors/index.js';
import type { Skill } from '../ir/skill.js';
import { loadPaths, SkillLibrary } from '../skills/index.js';
import { isDirectory } from '../skill-tests/index.js';

const run = promisify(execFile);

/**
 * The skills under `paths` as they were at a git ref (`HEAD~1`, `v1.2`, a commit): each path is taken
 * out of its repository with `git archive` into a temporary folder and loaded from there; highest
 * version first within an id.
 */
export async function skillsAtRef(paths: readonly string[], ref: string): Promise<Skill[]> {
  const into = await mkdtemp(join(tmpdir(), 'skein-ref-'));
  const copies: string[] = [];
  for (const path of paths) {
    const absolute = resolve(path);
    const folder = isDirectory(absolute) ? absolute : dirname(absolute);
    try {
      const root = (await run('git', ['-C', folder, 'rev-parse', '--show-toplevel'])).stdout.trim();
      const inRepo = relative(root, absolute) || '.';
      const tar = join(into, `${copies.length}.tar`);
      await run('git', ['-C', root, 'archive', '--format=tar', '-o', tar, ref, '--', inRepo]);
      const out = join(into, String(copies.length));
      await run('mkdir', ['-p', out]);
      await run('tar', ['-xf', tar, '-C', out]);
      copies.push(join(out, inRepo));
    } catch (e) {
      const said = ((e as { stderr?: string }).stderr ?? (e as Error).message).trim().split('\n')[0];
      throw new SkeinError('git_ref_unreadable', `--against ${ref}: cannot read ${path} at ${ref}: ${said}`);
    }
  }
  const { units } = await loadPaths(copies);
  return new SkillLibrary(units).all();
}
