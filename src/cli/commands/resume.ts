import { loadConfig } from '../../config/load-config.js';
import { openHost } from '../../host/open-host.js';
import { parseCommandArgs } from '../args.js';
import { readInputArg } from '../input-arg.js';
import { interruptSignal } from '../interrupt.js';
import { liveView } from '../run-view.js';
import { UsageError } from '../usage-error.js';
import { reportRefusal, reportResult } from './report.js';

/** `skein resume RUN_ID --input JSON|@file.json`: answers a paused run (or continues one whose process died). */
export async function resumeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    input: { type: 'string' },
    json: { type: 'boolean' },
    model: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help)
    return (void process.stdout.write('Usage: skein resume RUN_ID --input JSON|@file.json [--json]\n'), 0);
  if (positionals.length !== 1) throw new UsageError('resume needs exactly one RUN_ID');
  const json = Boolean(values.json);
  const input = readInputArg(values.input);
  const host = await openHost(loadConfig(), { model: values.model });
  const interrupt = interruptSignal();
  try {
    const result = await host.runtime.resume(positionals[0], input, {
      onEvent: json ? undefined : liveView(),
      signal: interrupt.signal,
    });
    return reportResult(result, json);
  } catch (e) {
    return reportRefusal(e, json);
  } finally {
    interrupt.dispose();
    await host.close();
  }
}
