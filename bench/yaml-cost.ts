import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LineCounter, parseDocument, Parser } from 'yaml';
import { loadPaths, loadText } from '../src/skills/index.js';

const ROOT = join(import.meta.dirname, '..');
const MB = 1024 * 1024;

/** `part(i)` repeated after `head` until the text holds about 1 MB. */
function grow(head: string, part: (i: number) => string): string {
  const out = [head];
  let size = head.length;
  for (let i = 0; size < MB; i++) {
    const p = part(i);
    out.push(p);
    size += p.length;
  }
  return out.join('');
}

/** The median of 3 runs of `f` (after one warm-up), in CPU ms and wall ms. */
function measure(f: () => unknown): string {
  f();
  const runs = [0, 1, 2].map(() => {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    const u = process.cpuUsage(c);
    return [(u.user + u.system) / 1000, performance.now() - t];
  });
  runs.sort((a, b) => a[0] - b[0]);
  return `${runs[1][0].toFixed(0).padStart(6)} ms CPU ${runs[1][1].toFixed(0).padStart(6)} ms wall`;
}

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * What 1 MB costs: the `yaml` package on 1 MB of real YAML (the corpus's largest file repeated under
 * new keys), alone and with the options Skein could use, and each dialect's loader on a realistic 1 MB
 * file made from an example (its repeated part renamed each time).
 */
export function benchYamlCost(): void {
  const scenario = read('../shared/corpus/ai-engine/e2e_scenarios/civil_prosecution_paths_rollback.yaml');
  const yaml = grow('', (i) => `copy${i}:\n${scenario.replace(/^/gm, '  ')}\n`);
  console.log(`\n[1 MB] the yaml package on ${(yaml.length / MB).toFixed(2)} MB of real YAML (median of 3)`);
  console.log(`parseDocument                      ${measure(() => parseDocument(yaml))}`);
  console.log(
    `parseDocument + LineCounter       ${measure(() => parseDocument(yaml, { lineCounter: new LineCounter() }))}`,
  );
  console.log(
    `parseDocument + keepSourceTokens  ${measure(() => parseDocument(yaml, { keepSourceTokens: true }))}`,
  );
  console.log(
    `parseDocument, uniqueKeys: false  ${measure(() => parseDocument(yaml, { uniqueKeys: false }))}`,
  );
  console.log(`Parser alone (CST)                ${measure(() => [...new Parser().parse(yaml)])}`);
  console.log(
    `parseDocument + toJS              ${measure(() => parseDocument(yaml, { uniqueKeys: false }).toJS())}`,
  );

  const order = read('examples/skills/order_confirmation.md');
  const steps = order.slice(order.indexOf('### step:'));
  const guide = read('examples/docs/sales_data_guide.SKILL.md');
  const chunk = guide.slice(guide.indexOf('<chunk'), guide.lastIndexOf('</chunk>') + 9);
  const dsl = read('../shared/corpus/agenticdsl/examples_agent_basic_workflow.agent.md');
  const review = JSON.parse(read('examples/skills/code_review/skill.json'));
  const files: [string, string, string][] = [
    ['aegis', 'grow.md', grow(order, (i) => steps.replace(/(### step: \w+|varName\*\*: \w+)/g, `$1_${i}`))],
    [
      'agenticdsl',
      'grow.agent.md',
      grow(dsl, (i) => dsl.replace(/\/main\//g, `/main${i}/`).replace(/^---[\s\S]*?---\n/, '')),
    ],
    ['skilldoc', 'grow.SKILL.md', grow(guide, (i) => `\n${chunk.replace(/id="(\w+)"/g, `id="$1_${i}"`)}\n`)],
    [
      'skilljson',
      'skill.json',
      (() => {
        const properties: Record<string, unknown> = {};
        const one = JSON.stringify(review.input.properties);
        for (let i = 0; JSON.stringify(properties).length < MB; i++)
          for (const [k, v] of Object.entries(review.input.properties))
            properties[`${k}_${i}`] = JSON.parse(JSON.stringify(v));
        return (
          JSON.stringify({ ...review, input: { ...review.input, properties } }, null, 2) + one.slice(0, 0)
        );
      })(),
    ],
  ];
  console.log('\n[1 MB] load of a realistic 1 MB file per dialect (median of 3)');
  for (const [dialect, path, text] of files)
    console.log(
      `${dialect.padEnd(11)} ${(text.length / MB).toFixed(2)} MB ${measure(() => loadText(path, text))}`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'skein-1mb-'));
  try {
    const skill = join(dir, '.skills', 'loan-intake');
    cpSync(join(ROOT, 'examples/engine/.skills/loan-intake'), skill, { recursive: true });
    const md = readFileSync(join(skill, 'SKILL.md'), 'utf8');
    const body = grow(md, (i) => `\n## 规则 ${i}\n\n${md.slice(md.indexOf('## 工作步骤'))}`);
    writeFileSync(join(skill, 'SKILL.md'), body);
    const engine = measureAsync(() => loadPaths([skill]));
    return void engine.then((m) =>
      console.log(`${'engine'.padEnd(11)} ${(body.length / MB).toFixed(2)} MB ${m}`),
    );
  } finally {
    setTimeout(() => rmSync(dir, { recursive: true, force: true }), 60_000).unref();
  }
}

async function measureAsync(f: () => Promise<unknown>): Promise<string> {
  await f();
  const runs: number[][] = [];
  for (let i = 0; i < 3; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await f();
    const u = process.cpuUsage(c);
    runs.push([(u.user + u.system) / 1000, performance.now() - t]);
  }
  runs.sort((a, b) => a[0] - b[0]);
  return `${runs[1][0].toFixed(0).padStart(6)} ms CPU ${runs[1][1].toFixed(0).padStart(6)} ms wall`;
}

if (import.meta.url === `file://${process.argv[1]}`) benchYamlCost();
