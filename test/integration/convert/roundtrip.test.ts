import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertSkill } from '../../../src/convert/index.js';
import { loadConfig, loadText, openSkein } from '../../../src/index.js';
import { ROOT, skein } from '../../helpers/cli.js';
import { CORPUS, corpusSkip } from '../../helpers/corpus.js';
import { startFakeOpenAI } from '../../helpers/fake-openai.js';
import { roundTrip, shape } from '../../helpers/roundtrip.js';

// skein convert between step dialects, from the IR: every corpus Aegis file written as AgenticDSL and
// back keeps its graph (steps, kinds, edges) and gives the same outputs as the original on the same
// input, with a scripted model and the stand-in tools of test/fixtures/aegis-compat; the files that
// lose a construct on the way are listed with the first one (docs/distribution.md, "Convert").

const AEGIS = join(CORPUS, 'aegis');
const NEGATIVE = 'skill-dsl_src_test_resources_skills_invalid_syntax.md';

/** Files that cannot go to AgenticDSL and back, with the first construct lost (`back:` on the way back). */
const LOST: Record<string, string> = {};

test(
  'Aegis → AgenticDSL → Aegis over the corpus: the graph and the outputs are kept, or the lost construct is named',
  { skip: corpusSkip },
  async (t) => {
    const model = await startFakeOpenAI(() => ({ text: '模型的回答：一切正常。' }));
    const home = mkdtempSync(join(tmpdir(), 'skein-roundtrip-'));
    const env = {
      SKEIN_CONFIG: join(ROOT, 'test/fixtures/aegis-compat/skein.yaml'),
      SKEIN_MODEL: 'compat:fake-model',
      SKEIN_BASE_URL: model.url,
      SKEIN_HOME: home,
      SKEIN_WORKSPACE: home,
    };
    const lib = openSkein({ config: loadConfig(ROOT, env), store: 'memory' });
    try {
      const files = readdirSync(AEGIS)
        .filter((f) => f.endsWith('.md') && f !== NEGATIVE)
        .sort();
      const lost: Record<string, string> = {};
      let kept = 0;
      for (const file of files) {
        const trip = await roundTrip(lib, join(AEGIS, file), readFileSync(join(AEGIS, file), 'utf8'), home);
        if ('lost' in trip) {
          lost[file] = trip.lost;
          continue;
        }
        const { original, dsl, again, outcomes } = trip;
        assert.ok(dsl, `${file}: the AgenticDSL file loads`);
        assert.ok(again, `${file}: the Aegis file written back loads`);
        assert.deepEqual(shape(again), shape(original), `${file}: the graph is kept`);
        assert.deepEqual(again.input, original.input, `${file}: the input schema is kept`);
        assert.deepEqual(
          outcomes.dsl,
          outcomes.original,
          `${file}: the AgenticDSL skill gives the same outcome`,
        );
        assert.deepEqual(
          outcomes.again,
          outcomes.original,
          `${file}: the round-tripped skill gives the same outcome`,
        );
        kept++;
      }
      t.diagnostic(
        `${kept} of ${files.length} corpus Aegis files (${Math.round((100 * kept) / files.length)}%) go to AgenticDSL and back with graph and outputs kept`,
      );
      assert.deepEqual(lost, LOST);
    } finally {
      await lib.close();
      await model.close();
    }
  },
);

/** A guard Python is not given: arithmetic inside {{ }}. */
const LOSSY = `# skill: tally

**version**: 1.0.0

## description
Counts.

## input_schema

\`\`\`yaml
count:
  type: number
\`\`\`

## steps

### step: many

**type**: template
**varName**: note
**when**: {{count * 2}} > 3

\`\`\`template
many
\`\`\`
`;

test('skein convert refuses a lossy conversion (exit 1, each construct named) unless --allow-loss', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'skein-convert-'));
  const file = join(dir, 'tally.md');
  writeFileSync(file, LOSSY);
  const refused = await skein(['convert', file, '--to', 'agenticdsl', '--json']);
  const error = JSON.parse(refused.stdout).error;
  assert.deepEqual([refused.code, error.code], [1, 'conversion_lossy']);
  assert.deepEqual(error.fields, [{ field: 'many', message: 'a guard (when) with arithmetic (*)' }]);
  const out = join(dir, 'tally.agent.md');
  const allowed = await skein(['convert', file, '--to', 'agenticdsl', '--allow-loss', '--out', out]);
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(allowed.stderr, 'lost: many: a guard (when) with arithmetic (*)\n');
  const validated = await skein(['validate', out, '--json']);
  assert.equal(validated.code, 0, validated.stdout);
});

const GUARDED = `# skill: pick

**version**: 1.0.0

## description
Answers by kind.

## input_schema

\`\`\`yaml
kind:
  type: string
  required: true
\`\`\`

## output_schema

\`\`\`yaml
answer:
  type: string
\`\`\`

## steps

### step: first

**type**: template
**varName**: note

\`\`\`template
plain {{kind}}
\`\`\`

### step: special

**type**: template
**varName**: answer
**when**: kind == 'a'

\`\`\`template
special {{kind}}
\`\`\`
`;

test('a guard testing one value goes to AgenticDSL as a dynamic_next with a codelet and comes back as when', async () => {
  const home = mkdtempSync(join(tmpdir(), 'skein-guard-'));
  const lib = openSkein({ config: loadConfig(home, { SKEIN_HOME: home }), store: 'memory' });
  try {
    const original = loadText(join(home, 'pick.md'), GUARDED).skills[0];
    const there = convertSkill(original, 'agenticdsl');
    assert.deepEqual(there.lost, []);
    assert.match(there.text, /type: dynamic_next\n\s+resolver: \/codelets\/special_when/);
    const dsl = loadText(join(home, 'pick.agent.md'), there.text, { dialect: 'agenticdsl' }).skills[0];
    assert.ok(dsl, there.text);
    const back = convertSkill(dsl, 'aegis');
    assert.deepEqual(back.lost, []);
    assert.match(back.text, /\*\*when\*\*: kind == 'a'/);
    const again = loadText(join(home, 'pick2.md'), back.text, { dialect: 'aegis' }).skills[0];
    assert.deepEqual(shape(again), shape(original));
    for (const kind of ['a', 'b']) {
      const outcomes = [];
      for (const s of [original, dsl, again]) {
        const r = await lib.run(s, { kind });
        outcomes.push({ status: r.status, output: r.output, error: r.error?.code });
      }
      assert.deepEqual(outcomes, Array(3).fill(outcomes[0]), kind);
      if (kind === 'a') assert.deepEqual(outcomes[0].output, { answer: 'special a' });
      else assert.notDeepEqual(outcomes[0].output, { answer: 'special b' });
    }
  } finally {
    await lib.close();
  }
});
