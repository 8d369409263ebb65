import { createInterface } from 'node:readline/promises';
import { DistributionError } from '../distribution/index.js';

/**
 * Asks "QUESTION [y/N]" at a terminal; without one (a pipe, a CI job) nothing is written and the
 * command says to pass --yes (docs/distribution.md).
 */
export async function confirm(question: string, yes: boolean): Promise<void> {
  if (yes) return;
  if (!process.stdin.isTTY)
    throw new DistributionError('not_confirmed', 'nothing was written: pass --yes to write without asking');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new DistributionError('not_confirmed', 'nothing was written');
  } finally {
    rl.close();
  }
}
