import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { loadConfig, openSkein } from '../src/index.js';
import { startFakeOpenAI } from '../test/helpers/fake-openai.js';
import { roundTrip, shape } from '../test/helpers/roundtrip.js';

const ROOT = join(import.meta.dirname, '..');

/** The Aegis files (`# skill:` headers) below `dir`, fixtures of refusals left out. */
function aegisFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return aegisFiles(path);
    return name.endsWith('.md') && /^# skill:/m.test(readFileSync(path, 'utf8')) ? [path] : [];
  });
}

/** Runs the corpus round trip of test/integration/convert/roundtrip.test.ts over one set of files. */
async function heldOut(name: string, files: string[], config: string): Promise<void> {
  const model = await startFakeOpenAI(() => ({ text: '模型的回答：一切正常。' }));
  const home = mkdtempSync(join(tmpdir(), 'skein-bench-roundtrip-'));
  const env = {
    SKEIN_CONFIG: config,
    SKEIN_MODEL: 'compat:fake-model',
    SKEIN_BASE_URL: model.url,
    SKEIN_HOME: home,
    SKEIN_WORKSPACE: home,
  };
  const lib = openSkein({ config: loadConfig(ROOT, env), store: 'memory', onWarning: () => {} });
  const lost: string[] = [];
  const differ: string[] = [];
  let kept = 0;
  let loadable = 0;
  try {
    for (const file of files) {
      const at = relative(ROOT, file);
      let trip;
      try {
        trip = await roundTrip(lib, file, readFileSync(file, 'utf8'), home);
      } catch {
        continue; // a fixture that does not load as a skill (a refusal's fixture)
      }
      loadable++;
      if ('lost' in trip) {
        lost.push(`${at}: ${trip.lost}`);
        continue;
      }
      const { original, dsl, again, outcomes } = trip;
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      const why = !dsl
        ? 'the AgenticDSL file does not load'
        : !again
          ? 'the Aegis file written back does not load'
          : !same(shape(again), shape(original))
            ? 'the graph differs'
            : !same(again.input, original.input)
              ? 'the input schema differs'
              : !same(outcomes.dsl, outcomes.original) || !same(outcomes.again, outcomes.original)
                ? `the outcome differs (${JSON.stringify(outcomes)})`
                : undefined;
      if (why) differ.push(`${at}: ${why}`);
      else kept++;
    }
  } finally {
    await lib.close();
    await model.close();
  }
  console.log(
    `  ${name}: ${kept} of ${loadable} files (${Math.round((100 * kept) / loadable)}%) go to AgenticDSL and back with graph and outcomes kept; ${lost.length} lose a construct, ${differ.length} differ`,
  );
  for (const line of [...lost, ...differ]) console.log(`    ${line}`);
}

/**
 * The Aegis → AgenticDSL → Aegis round trip on Aegis files the converter was not written against
 * (its rules were made on the corpus): the bundled examples, with their own tools, and the test
 * fixtures, with the stand-in tools of test/fixtures/aegis-compat; a scripted model for both.
 */
export async function benchConvertHeldOut(): Promise<void> {
  console.log('\n[convert held out] Aegis → AgenticDSL → Aegis beyond the corpus:');
  await heldOut(
    'bundled examples',
    aegisFiles(join(ROOT, 'examples/skills')),
    join(ROOT, 'examples/skein.yaml'),
  );
  await heldOut(
    'test fixtures',
    aegisFiles(join(ROOT, 'test/fixtures')),
    join(ROOT, 'test/fixtures/aegis-compat/skein.yaml'),
  );
}
