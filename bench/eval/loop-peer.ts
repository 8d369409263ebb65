// The hand-written peer of the eval benchmark: the same cells as `skein eval` (each case × model ×
// trial is a run of the skill through the library, unstreamed as eval cells are, its output checked
// with `includes`), sixteen at a time, with nothing else: no experiment stored, no report. It runs
// through tsx (about 1 ms of its CPU a cell is loading it). Prints `{"cells", "failed"}`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { openSkein } from '../../src/index.js';

const [dir, modelsArg, trialsArg, concurrencyArg] = process.argv.slice(2);
const models = modelsArg.split(',');
const trials = Number(trialsArg);
const cases = (
  parse(readFileSync(join(dir, 'translate.cases.yaml'), 'utf8')) as {
    evals: { input: Record<string, unknown>; assert: { contains: string }[] }[];
  }
).evals;
const cells = models.flatMap((model) =>
  cases.flatMap((c) => Array.from({ length: trials }, () => ({ model, c }))),
);
const skeins = new Map(models.map((m) => [m, openSkein({ model: m })]));
let failed = 0;
let next = 0;
async function lane(): Promise<void> {
  while (next < cells.length) {
    const { model, c } = cells[next++];
    const result = await skeins.get(model)!.run('translate', c.input, { deltas: false });
    const text = JSON.stringify(result.output ?? '');
    if (result.status !== 'completed' || !c.assert.every((a) => text.includes(a.contains))) failed++;
  }
}
await Promise.all(Array.from({ length: Number(concurrencyArg) }, lane));
await Promise.all([...skeins.values()].map((s) => s.close()));
console.log(JSON.stringify({ cells: cells.length, failed }));
