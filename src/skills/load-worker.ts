// The entry of a thread that loads part of a large `validate`: it loads the targets it is given and
// answers with their units, each skill reduced to its facts (compiled skills hold functions, which
// cannot cross threads). Started by load-in-threads.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { checkFacts } from '../ir/skill.js';
import { loadTargets, type LoadOptions, type LoadTarget } from './load-paths.js';

const { targets, options } = workerData as { targets: LoadTarget[]; options: LoadOptions };
const loaded = await loadTargets(targets, options);
parentPort!.postMessage({
  units: loaded.units.map((u) => ({ ...u, skills: u.skills.map(checkFacts) })),
  skipped: loaded.skipped,
  threads: 1,
});
