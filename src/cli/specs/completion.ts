import { defineCommand } from '../command-spec.js';

/** `skein completion`. */
export const completionSpec = defineCommand({
  name: 'completion',
  args: 'bash|zsh',
  summary: 'a shell completion script for bash or zsh',
  details: [
    'bash: skein completion bash > ~/.local/share/bash-completion/completions/skein',
    'zsh:  skein completion zsh > "${fpath[1]}/_skein"   (or: source <(skein completion zsh))',
  ],
  options: {},
  completes: 'none',
});
