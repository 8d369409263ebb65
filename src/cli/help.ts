import type { CommandSpec, OptionSpec } from './command-spec.js';

/** A command's help: usage, what it does, and each option with its one line. */
export function commandHelp(spec: CommandSpec): string {
  const lines = [`Usage: skein ${spec.name}${spec.args ? ` ${spec.args}` : ''} [options]`];
  for (const sub of spec.subcommands ?? []) lines.push(`       skein ${sub.name} ${sub.args} [options]`);
  lines.push('', `${spec.summary[0].toUpperCase()}${spec.summary.slice(1)}.`);
  if (spec.details) lines.push(...spec.details);
  lines.push('', 'Options:', ...optionLines(spec.options));
  for (const sub of spec.subcommands ?? [])
    lines.push('', `skein ${sub.name}: ${sub.summary}. Run "skein ${sub.name} --help" for its options.`);
  return lines.join('\n') + '\n';
}

/** The global help: every command with its summary. */
export function globalHelp(commands: readonly CommandSpec[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return (
    [
      'Usage: skein <command> [options]',
      '',
      'Commands:',
      ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
      `  ${'help'.padEnd(width)}a command's options: skein help <command>`,
      '',
      'Every command takes --help (-h) and --json.',
      'Environment: SKEIN_CONFIG (default ./skein.yaml), SKEIN_HOME (runs and state, default ./.skein),',
      'SKEIN_SKILLS, SKEIN_MODEL, SKEIN_BASE_URL, SKEIN_API_KEY.',
      '',
      'Run "skein <command> --help" for a command\'s options.',
    ].join('\n') + '\n'
  );
}

function optionLines(options: Record<string, OptionSpec>): string[] {
  // The command's own options first, then the two every command has.
  const last = (name: string) => (name === 'json' ? 1 : name === 'help' ? 2 : 0);
  const ordered = Object.entries(options).sort(([a], [b]) => last(a) - last(b));
  const heads = ordered.map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : ''}--${name}${o.value ? ` ${o.value}` : ''}`;
    return { flag: o.multiple ? `${flag}...` : flag, help: o.help };
  });
  const width = Math.min(30, Math.max(...heads.map((h) => h.flag.length)) + 2);
  return heads.map((h) =>
    h.flag.length + 2 > width
      ? `  ${h.flag}\n  ${' '.repeat(width)}${h.help}`
      : `  ${h.flag.padEnd(width)}${h.help}`,
  );
}
