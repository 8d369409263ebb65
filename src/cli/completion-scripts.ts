import type { CommandSpec, OptionSpec } from './command-spec.js';

/** Options whose value is a file or folder a shell should complete. */
const FILE_VALUES = new Set(['input', 'state', 'out', 'skills']);

/** Every spec, subcommands included (`graph generate` after `graph`). */
function allSpecs(commands: readonly CommandSpec[]): CommandSpec[] {
  return commands.flatMap((c) => [c, ...(c.subcommands ?? [])]);
}

function flags(spec: CommandSpec): string[] {
  return Object.entries(spec.options).flatMap(([name, o]) => [
    `--${name}`,
    ...(o.short ? [`-${o.short}`] : []),
  ]);
}

/** A bash completion script for the command table: commands, subcommands, options, option values, files. */
export function bashCompletion(commands: readonly CommandSpec[]): string {
  const cases = allSpecs(commands).map((spec) => {
    const values = Object.entries(spec.options)
      .filter(([, o]) => o.type === 'string')
      .map(([name, o]) => {
        const reply = o.choices
          ? `COMPREPLY=($(compgen -W "${o.choices.join(' ')}" -- "$cur"))`
          : FILE_VALUES.has(name)
            ? 'COMPREPLY=($(compgen -f -- "${cur#@}"))'
            : 'COMPREPLY=()';
        return `        --${name}) ${reply}; return ;;`;
      });
    const subs = (spec.subcommands ?? []).map((s) => s.name.split(' ')[1]).join(' ');
    const words = subs ? `COMPREPLY=($(compgen -W "${subs}" -- "$cur"))` : 'COMPREPLY=()';
    const positionals = spec.completes === 'files' ? `${words}; COMPREPLY+=($(compgen -f -- "$cur"))` : words;
    return [
      `    "${spec.name}")`,
      '      case "$prev" in',
      ...values,
      '      esac',
      `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${flags(spec).join(' ')}" -- "$cur")); else ${positionals}; fi`,
      '      ;;',
    ].join('\n');
  });
  return `# bash completion for skein: source this file, or save it as
# ~/.local/share/bash-completion/completions/skein (skein completion bash > that file).
_skein() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${[...commands.map((c) => c.name), 'help'].join(' ')}" -- "$cur"))
    return
  fi
  local cmd="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -gt 2 ] && [ "\${COMP_WORDS[2]}" = generate ]; then cmd="$cmd generate"; fi
  case "$cmd" in
    help) COMPREPLY=($(compgen -W "${commands.map((c) => c.name).join(' ')}" -- "$cur")) ;;
${cases.join('\n')}
  esac
}
complete -o filenames -F _skein skein
`;
}

/** A zsh completion script for the command table, with each command's summary and each option's help. */
export function zshCompletion(commands: readonly CommandSpec[]): string {
  const described = commands.map((c) => `    '${quote(c.name)}:${quote(c.summary).replace(/:/g, '\\:')}'`);
  const cases = allSpecs(commands).map((spec) => {
    const args = Object.entries(spec.options).flatMap(([name, o]) => zshOption(name, o));
    if (spec.subcommands?.length)
      args.push(`'1: :(${spec.subcommands.map((s) => s.name.split(' ')[1]).join(' ')})'`);
    if (spec.completes === 'files') args.push("'*:file:_files'");
    return `    '${spec.name}') _arguments -s ${args.join(' \\\n        ')} ;;`;
  });
  return `#compdef skein
# zsh completion for skein: save as _skein in a folder of $fpath
# (skein completion zsh > "\${fpath[1]}/_skein"), or: source <(skein completion zsh)
_skein() {
  local -a commands
  commands=(
${described.join('\n')}
    'help:a command'\\''s options'
  )
  if (( CURRENT == 2 )); then
    _describe -t commands 'skein command' commands
    return
  fi
  local cmd=$words[2]
  shift words; (( CURRENT-- ))
  if [[ $words[2] == generate && ( $cmd == graph || $cmd == docs ) && CURRENT -gt 2 ]]; then
    cmd="$cmd generate"; shift words; (( CURRENT-- ))
  fi
  case $cmd in
    help) _describe -t commands 'skein command' commands ;;
${cases.join('\n')}
  esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _skein "$@"; else compdef _skein skein; fi
`;
}

function zshOption(name: string, o: OptionSpec): string[] {
  const help = `[${quote(o.help).replace(/[[\]:]/g, (ch) => `\\${ch}`)}]`;
  const value =
    o.type === 'boolean'
      ? ''
      : `:${quote(o.value ?? name).replace(/:/g, '\\:')}:${
          o.choices ? `(${o.choices.join(' ')})` : FILE_VALUES.has(name) ? '_files' : ' '
        }`;
  const repeat = o.multiple ? '*' : '';
  const forms = [`--${name}`, ...(o.short ? [`-${o.short}`] : [])];
  return forms.map((f) => `'${repeat}${f}${help}${value}'`);
}

/** Text inside a single-quoted shell word. */
function quote(text: string): string {
  return text.replace(/'/g, "'\\''");
}
