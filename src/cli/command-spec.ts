/** One option of a command: how it parses, the placeholder of its value, and its one line of help. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  short?: string;
  /** The value's placeholder in help: `--input JSON|@file.json`. */
  value?: string;
  help: string;
  /** Values completion offers (dialect names, levels). */
  choices?: readonly string[];
}

/** A command's options by long name. */
export type OptionSpecs = Record<string, OptionSpec>;

/** What a command runs: its arguments after the command's name (and the table, for those that list it), returning the exit code. */
export type CommandRun = (argv: string[], commands: readonly Command[]) => Promise<number>;

/** Everything the command line knows about a command before loading it: help, parsing, completion. */
export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  /** `validate`, or `graph generate` for a subcommand. */
  name: string;
  /** The positional arguments as shown in usage: `PATH...`, `SKILL`. */
  args: string;
  /** One line: what the command does. */
  summary: string;
  /** More lines for `--help`: exit codes, modes, environment. */
  details?: string[];
  /** The command's own options; `--help`/`-h` and `--json` are added to every command. */
  options: O;
  /** Words after the command that select another spec (`graph generate`). */
  subcommands?: CommandSpec[];
  /** What positionals complete to in a shell: files, or nothing. */
  completes?: 'files' | 'none';
}

/** A command of the table: its spec and how to load its implementation (only when it runs). */
export interface Command extends CommandSpec {
  load(): Promise<CommandRun>;
}

const HELP = { type: 'boolean', short: 'h', help: 'show this help' } as const satisfies OptionSpec;
const JSON_OPTION = {
  type: 'boolean',
  help: 'print one JSON object (errors as {"error": {"code", "message"}})',
} as const satisfies OptionSpec;

/** A command's spec with `--help`/`-h` and `--json` added (a command may give `--json` its own help line). */
export function defineCommand<O extends OptionSpecs>(
  spec: CommandSpec<O>,
): CommandSpec<O & { help: typeof HELP; json: typeof JSON_OPTION }> {
  return { ...spec, options: { json: JSON_OPTION, ...spec.options, help: HELP } };
}
