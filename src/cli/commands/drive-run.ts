import { loadConfig } from '../../config/load-config.js';
import { openHost, type Host } from '../../host/open-host.js';
import type { RunOptions, RunResult } from '../../runtime/index.js';
import { interruptSignal } from '../interrupt.js';
import { liveView } from '../run-view.js';
import { reportRefusal, reportResult } from './report.js';

/**
 * Opens a host, runs `work` (a start or a resume) with the live view on a terminal and Ctrl-C as
 * cancellation, prints the result or the refusal, closes the host, and returns the exit code.
 */
export async function driveRun(
  options: { json: boolean; model?: string },
  work: (host: Host, run: RunOptions) => Promise<RunResult>,
): Promise<number> {
  const host = await openHost(loadConfig(), { model: options.model });
  const interrupt = interruptSignal();
  try {
    const result = await work(host, {
      onEvent: options.json ? undefined : liveView(),
      signal: interrupt.signal,
    });
    return reportResult(result, options.json);
  } catch (e) {
    return reportRefusal(e, options.json);
  } finally {
    interrupt.dispose();
    await host.close();
  }
}
