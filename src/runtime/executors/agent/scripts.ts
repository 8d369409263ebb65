import type { CodeSpec } from '../../../ir/nodes.js';
import { RunFailure } from '../../errors.js';
import type { RuntimeServices } from '../../services.js';

/** Runs one of an agent's scripts (preprocess, validate, postprocess) in the runner for its language. */
export async function runScript(
  role: string,
  code: CodeSpec,
  input: unknown,
  run: { node: string; runId: string; signal: AbortSignal; services: RuntimeServices },
): Promise<unknown> {
  const runner = run.services.code?.[code.language];
  const where = code.file ?? `${role} script`;
  if (!runner)
    throw new RunFailure(
      'code_runner_missing',
      `step "${run.node}" has a ${role} script (${where}), and no runner for ${code.language} is configured`,
      run.node,
    );
  try {
    return await runner.run(code, input, { signal: run.signal, runId: run.runId });
  } catch (e) {
    if (e instanceof RunFailure) throw e;
    throw new RunFailure(
      'script_failed',
      `the ${role} script of step "${run.node}" (${where}) failed: ${(e as Error).message}`,
      run.node,
    );
  }
}
