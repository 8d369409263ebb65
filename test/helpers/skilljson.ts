import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/load-config.js';
import { openHost, type Host } from '../../src/host/open-host.js';
import type { SkillSession } from '../../src/code/modules/index.js';
import type { RunEvent, RunResult } from '../../src/runtime/index.js';
import { ROOT } from './paths.js';

/** The fixtures' skills path: skill.json folders and one Aegis file. */
export const RUN_SKILLS = join(ROOT, 'test/fixtures/skilljson/run');

/** A host over a fresh home with the fixtures as its skills path; `model` is a fake server's URL. */
export function testHost(model?: string, session?: SkillSession): Promise<Host> {
  const home = mkdtempSync(join(tmpdir(), 'skein-sj-'));
  const env: Record<string, string> = { SKEIN_HOME: home, SKEIN_SKILLS: RUN_SKILLS };
  if (model) Object.assign(env, { SKEIN_MODEL: 'compat:fake-model', SKEIN_BASE_URL: model });
  return openHost(loadConfig(ROOT, env), { session });
}

/** Runs a skill of the skills path by id, collecting its events. */
export async function run(
  host: Host,
  id: string,
  input: unknown,
): Promise<RunResult & { events: RunEvent[] }> {
  const events: RunEvent[] = [];
  const result = await host.runtime.start(await host.skills.find(id), input, {
    onEvent: (e) => events.push(e),
  });
  return { ...result, events };
}
