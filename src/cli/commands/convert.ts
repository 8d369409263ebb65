import { writeFileSync } from 'node:fs';
import { CONVERT_TARGETS, convertSkill, type ConvertTarget, type Loss } from '../../convert/index.js';
import { SkeinError } from '../../errors/index.js';
import { errorsIn } from '../../ir/diagnostic.js';
import { openSkein } from '../../host/index.js';
import { loadText } from '../../skills/index.js';
import { parseCommandArgs } from '../args.js';
import { convertSpec } from '../specs/convert.js';
import { UsageError } from '../usage-error.js';

/** `skein convert FILE --to DIALECT [--out FILE] [--allow-loss]`: the skill in another step dialect. */
export async function convertCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, convertSpec.options);
  if (positionals.length !== 1)
    throw new UsageError('convert needs one FILE (a skill file, or id[@version])');
  const to = values.to as ConvertTarget | undefined;
  if (!to || !CONVERT_TARGETS.includes(to))
    throw new UsageError(`convert needs --to ${CONVERT_TARGETS.join('|')}`);
  const skill = await openSkein().skills.resolve(positionals[0]);
  const { text, lost } = convertSkill(skill, to);
  if (text) lost.push(...problemsLoading(text, to));
  if (lost.length && !values['allow-loss'])
    throw new SkeinError(
      'conversion_lossy',
      `${skill.id} cannot be written as ${to} without losing ${lost.length} construct${lost.length === 1 ? '' : 's'}:\n${lost.map((l) => `  ${l.step}: ${l.construct}`).join('\n')}`,
      {
        fields: lost.map((l) => ({ field: l.step, message: l.construct })),
        hint: 'pass --allow-loss to write it anyway',
      },
    );
  if (values.out) writeFileSync(values.out, text);
  if (values.json)
    process.stdout.write(
      JSON.stringify({ to, ...(values.out ? { out: values.out } : { text }), lost }) + '\n',
    );
  else if (!values.out) process.stdout.write(text);
  if (!values.json) for (const l of lost) process.stderr.write(`lost: ${l.step}: ${l.construct}\n`);
  return 0;
}

/** The written file read back by its dialect: any error there is a loss too. */
function problemsLoading(text: string, to: ConvertTarget): Loss[] {
  const name = { aegis: 'converted.md', agenticdsl: 'converted.agent.md', skilljson: 'converted.skill.json' }[
    to
  ];
  const unit = loadText(name, text, { dialect: to });
  return errorsIn(unit?.diagnostics ?? []).map((d) => ({
    step: `line ${d.line}`,
    construct: `the written file does not load: ${d.message.split('\n')[0]}`,
  }));
}
