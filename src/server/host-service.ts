import type { SkeinConfig } from '../config/config.js';
import { openHost } from '../host/open-host.js';
import { validateText } from '../library/index.js';
import type { SkeinService } from './service.js';

const VERSION = '0.1.0';

/** The server's Skein over a host opened from `config`: its skill library, runtime and run store. */
export async function openSkeinService(config: SkeinConfig): Promise<SkeinService> {
  const host = await openHost(config);
  const library = () => host.skills.libraryOnce();
  // Loaded now, so the first request does not pay for it.
  await library();
  return {
    version: VERSION,
    skills: async () => (await library()).all(),
    findSkill: async (id, version) => (await library()).find(version ? `${id}@${version}` : id),
    validate: async (text, path, dialect) => validateText(path, text, { dialect }, (await library()).all()),
    start: (skill, input, control) => host.runtime.start(skill, input, control),
    resume: (runId, input, control) => host.runtime.resume(runId, input, control),
    cancel: (runId) => host.runtime.cancel(runId),
    getRun: (runId) => host.store.getRun(runId),
    listRuns: (query) => host.store.listRuns(query),
    events: (runId, afterSeq) => host.store.events(runId, afterSeq),
    close: () => host.close(),
  };
}
