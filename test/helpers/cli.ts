import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.js';

export { ROOT };
const BIN = join(ROOT, 'bin/skein.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `skein` command as a user would, with extra environment and optional stdin. */
export function skein(
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
