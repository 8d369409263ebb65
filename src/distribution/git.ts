import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DistributionError } from './errors.js';

const run = promisify(execFile);

/**
 * Git with no hooks, no prompts and no filters from the user's configuration: a clone installs files
 * and runs nothing of the repository's (docs/distribution.md, "Nothing runs").
 */
async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await run(
    'git',
    ['-c', 'core.hooksPath=/dev/null', '-c', 'core.symlinks=false', ...args],
    {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_LFS_SKIP_SMUDGE: '1' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return stdout.trim();
}

/** Clones `url` into `into` and checks out `ref` (the default branch without one); returns the commit. */
export async function cloneAt(url: string, ref: string | undefined, into: string): Promise<string> {
  try {
    await git(['clone', '--quiet', '--no-checkout', url, into]);
  } catch (e) {
    throw new DistributionError('source_unreachable', `cannot clone ${url}: ${firstLine(e)}`, { cause: e });
  }
  try {
    await git(['checkout', '--quiet', '--detach', ref ?? 'HEAD'], into);
  } catch (e) {
    throw new DistributionError('source_invalid', `${url} has no ref "${ref}": ${firstLine(e)}`, {
      cause: e,
    });
  }
  return git(['rev-parse', 'HEAD'], into);
}

function firstLine(e: unknown): string {
  const err = e as { stderr?: string; message: string };
  return (err.stderr?.trim() || err.message).split('\n')[0];
}
