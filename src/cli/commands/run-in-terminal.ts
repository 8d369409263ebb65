import { openSkein, type Skein } from '../../host/index.js';
import type { RunOptions, RunResult } from '../../runtime/index.js';
import { interruptSignal } from '../interrupt.js';
import { liveView } from '../run-view.js';
import { reportRefusal, reportResult } from './report.js';

/**
 * Opens a Skein, runs `work` (a start or a resume) with the live view on a terminal and Ctrl-C as
 * cancellation, prints the result or the refusal, closes it, and returns the exit code.
 */
export async function runInTerminal(
  options: { json: boolean; model?: string },
  work: (skein: Skein, run: RunOptions) => Promise<RunResult>,
): Promise<number> {
  const skein = openSkein({ model: options.model });
  const interrupt = interruptSignal();
  try {
    const result = await work(skein, {
      onEvent: options.json ? undefined : liveView(),
      signal: interrupt.signal,
      // With --json nothing shows the model's text as it arrives: each call is one answer.
      deltas: !options.json,
    });
    return reportResult(result, options.json);
  } catch (e) {
    return reportRefusal(e, options.json);
  } finally {
    interrupt.dispose();
    await skein.close();
  }
}
