import { spawn } from 'node:child_process';
import type { DialectName } from '../../ir/skill.js';
import { reportRefusal } from './report.js';
import { withSkein } from '../with-skein.js';

/**
 * `skein run SKILL --detach`: stores the run (input checked first), prints its id, and leaves it to a
 * background `skein resume RUN` that outlives this process; exit 0 once the run is stored.
 */
export async function runDetached(
  name: string,
  input: unknown,
  options: {
    dialect?: DialectName;
    model?: string;
    json: boolean;
    idempotencyKey?: string;
    webhook?: string;
  },
): Promise<number> {
  return withSkein(
    async (skein) => {
      try {
        const skill = await skein.skills.resolve(name, { dialect: options.dialect });
        const { runId } = await skein.start(skill, input, {
          drive: false,
          idempotencyKey: options.idempotencyKey,
          webhook: options.webhook,
        });
        const args = [...process.execArgv, process.argv[1]!, 'resume', runId, '--json'];
        if (options.model) args.push('--model', options.model);
        spawn(process.execPath, args, { detached: true, stdio: 'ignore' }).unref();
        process.stdout.write(
          options.json ? `${JSON.stringify({ runId, status: 'running' })}\n` : `${runId}\n`,
        );
        return 0;
      } catch (e) {
        return reportRefusal(e, options.json);
      }
    },
    { model: options.model },
  );
}
