// One peer of the routing benchmark, in its own process: builds an index over N synthetic skills and
// routes the routing set's requests; prints {buildMs, requestUs} as JSON.
import MiniSearch from 'minisearch';
import { buildRouteIndex } from '../src/routing/index.js';
import { textTerms } from '../src/routing/terms.js';
import { routingRequests, syntheticSkills } from './route-data.js';

const [peer, size] = [process.argv[2], Number(process.argv[3])];
const skills = await syntheticSkills(size);
const requests = routingRequests();
const BUILDS = size >= 10_000 ? 3 : 7;

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[xs.length >> 1];
}

function measure(build: () => (request: string) => unknown): {
  buildMs: number;
  requestUs: number;
  requestCpuUs: number;
} {
  const builds: number[] = [];
  let route!: (request: string) => unknown;
  for (let i = 0; i < BUILDS; i++) {
    const t0 = performance.now();
    route = build();
    builds.push(performance.now() - t0);
  }
  for (const r of requests) route(r); // warm up
  const rounds = Math.max(3, Math.ceil(20_000 / size));
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let k = 0; k < rounds; k++) for (const r of requests) route(r);
  const cpu = process.cpuUsage(cpu0);
  return {
    buildMs: median(builds),
    requestUs: ((performance.now() - t0) * 1000) / (rounds * requests.length),
    requestCpuUs: (cpu.user + cpu.system) / (rounds * requests.length),
  };
}

const result =
  peer === 'skein'
    ? measure(() => {
        const index = buildRouteIndex(skills);
        return (r) => index.rank(r, { limit: 5 });
      })
    : measure(() => {
        // MiniSearch with the same terms (CJK pairs, stems) and field boosts, so only the engine differs.
        const mini = new MiniSearch({
          fields: ['id', 'aliases', 'tags', 'description', 'inputs'],
          tokenize: (text) => textTerms(text).map((t) => t.key),
          processTerm: (term) => term,
          searchOptions: { boost: { id: 3, aliases: 3, tags: 2.5, description: 1.5, inputs: 0.4 } },
        });
        mini.addAll(
          skills.map((s, i) => ({
            id: i,
            aliases: (s.routing?.aliases ?? []).join(' '),
            tags: s.tags.join(' '),
            description: s.description,
            inputs: Object.keys(s.input.properties ?? {}).join(' '),
          })),
        );
        return (r) => mini.search(r).slice(0, 5);
      });
process.stdout.write(JSON.stringify(result));
