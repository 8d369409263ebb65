// Property: loading any mutation of a real skill file (bit flips, truncation, deep nesting, huge lines,
// YAML aliases, invalid UTF-8, CRLF, repeated pieces) gives diagnostics with a position and never throws
// or reports an internal error. Seeded, so a failure is reproducible; load times are recorded (shown
// with the test), not asserted. `npm run fuzz` runs the same property 100,000 times per dialect.
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { Bench } from '../../helpers/fuzz/check-input.js';
import { inputOf } from '../../helpers/fuzz/cases.js';
import { caseOf } from '../../helpers/fuzz/mutations.js';
import { seedsByDialect, type Seed } from '../../helpers/fuzz/seeds.js';
import type { DialectName } from '../../../src/ir/skill.js';

/** Cases per dialect: a few thousand in all, with inputs up to about 50 KB (the long run goes to 1 MB). */
const RUNS = 400;
const SEED = 20261125;
const DIALECTS: DialectName[] = ['aegis', 'agenticdsl', 'skilldoc', 'skilljson', 'engine'];

describe('mutated skill files load as diagnostics', () => {
  let seeds: Map<DialectName, Seed[]>;
  before(async () => {
    seeds = await seedsByDialect();
  });

  for (const dialect of DIALECTS)
    test(dialect, async (t) => {
      const mine = seeds.get(dialect);
      if (!mine?.length) return t.skip(`no ${dialect} skills in the corpus or examples`);
      const bench = new Bench(mine);
      after(() => bench.close());
      const times: number[] = [];
      await fc.assert(
        fc.asyncProperty(caseOf(mine.length, false), async (c) => {
          const input = inputOf(mine, c);
          const outcome = await bench.check(input.index, input.target, input.bytes);
          times.push(outcome.ms);
          if (outcome.problem) throw new Error(`${outcome.problem} (from ${mine[input.index].origin})`);
        }),
        { numRuns: RUNS, seed: SEED, includeErrorInReport: true },
      );
      times.sort((a, b) => a - b);
      t.diagnostic(
        `${times.length} inputs from ${mine.length} skills; load ms p50 ${times[times.length >> 1].toFixed(1)}, max ${times.at(-1)!.toFixed(0)}`,
      );
    });
});
