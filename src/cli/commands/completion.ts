import { parseCommandArgs } from '../args.js';
import type { Command } from '../command-spec.js';
import { bashCompletion, zshCompletion } from '../completion-scripts.js';
import { completionSpec } from '../specs/completion.js';
import { UsageError } from '../usage-error.js';

/** `skein completion bash|zsh`: prints the shell's completion script for every command. */
export async function completionCommand(argv: string[], commands: readonly Command[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, completionSpec.options);
  const shell = positionals[0];
  if (positionals.length !== 1 || (shell !== 'bash' && shell !== 'zsh'))
    throw new UsageError('completion needs the shell: bash or zsh');
  const script = shell === 'bash' ? bashCompletion(commands) : zshCompletion(commands);
  process.stdout.write(values.json ? JSON.stringify({ shell, script }) + '\n' : script);
  return 0;
}
