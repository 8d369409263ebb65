import { parseCommandArgs } from '../args.js';
import { resumeSpec } from '../specs/resume.js';
import { readInputArg } from '../input-arg.js';
import { UsageError } from '../usage-error.js';
import { runInTerminal } from './run-in-terminal.js';

/** `skein resume RUN_ID [--input JSON|@file.json] [--upgrade]` (RUN_ID or a unique prefix): answers a paused run (or continues one whose process died). */
export async function resumeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, resumeSpec.options);
  if (positionals.length !== 1) throw new UsageError('resume needs exactly one RUN_ID');
  const json = Boolean(values.json);
  const input = readInputArg(values.input);
  return runInTerminal({ json, model: values.model }, (skein, run) =>
    skein.resume(positionals[0], input, { ...run, upgrade: Boolean(values.upgrade) }),
  );
}
