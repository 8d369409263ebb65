// The layering of src/, checked on the import graph rather than remembered (README, "Design").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = new URL('../../../src', import.meta.url).pathname;

/**
 * Every top-level folder of src (and the two files at its root), bottom to top. An import goes down
 * the ranks or stays in its folder; folders of one rank do not import each other. A new folder is
 * given a rank here (a test refuses one without).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['errors', 'text', 'sqlite', 'version.ts'],
  ['ir', 'memory'],
  ['expr', 'schema', 'tokens'],
  ['runtime', 'config', 'dialects'],
  ['models', 'planner', 'code', 'skills', 'store', 'trace'],
  ['routing', 'graph', 'documents', 'tools', 'distribution', 'convert'],
  ['host', 'chat'],
  ['skill-tests'],
  ['evals'],
  ['index.ts'],
  ['mcp', 'server'],
  ['cli'],
];
const RANK = new Map(LAYERS.flatMap((names, rank) => names.map((n) => [n, rank] as const)));
/** Folders that face users: they go through the library, the host and the runtime's index. */
const SURFACES = ['cli', 'server', 'mcp'];
/** The features, between the host and the surfaces: surfaces use them through their index. */
const FEATURES = ['chat', 'planner', 'routing', 'documents', 'graph', 'skill-tests', 'evals', 'trace'];
/**
 * What the router may import besides itself: it reads IR skills, takes the planner's rules as a stage,
 * calls models through the runtime's `LlmService` port, and shares the CJK pieces of src/text. It never
 * loads files or opens a runtime: a surface gives it skills (and a model service).
 */
const ROUTING_MAY = ['ir', 'runtime', 'planner', 'text'];
/** What a dialect front end may import besides itself. */
const FRONT_END_MAY = ['ir', 'expr', 'schema', 'tokens', 'dialects/kit', 'dialects', 'errors'];
/** What the front ends' kit may import. */
const KIT_MAY = ['ir', 'text', 'errors'];
/** Folders whose insides are theirs: others import their index.ts only. */
const SEALED = ['runtime', 'skills', 'routing', 'trace'];

interface Edge {
  from: string;
  to: string;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every relative import of src (static, type-only and dynamic), as paths relative to src. */
function importGraph(): Edge[] {
  const edges: Edge[] = [];
  for (const file of files(SRC)) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), ref.fileName).replace(/\.js$/, '.ts');
      edges.push({ from: relative(SRC, file), to: relative(SRC, target) });
    }
  }
  return edges;
}

/** The folder a file belongs to for the rules: `dialects/<dialect>` for front ends, else its top folder (or the file at the root). */
function area(path: string): string {
  const parts = path.split('/');
  if (parts.length === 1) return path;
  if (parts[0] === 'dialects') return parts.length > 2 ? `dialects/${parts[1]}` : 'dialects';
  return parts[0];
}

const isFrontEnd = (a: string) => a.startsWith('dialects/') && a !== 'dialects/kit';
const edges = importGraph();
const crossing = edges.filter((e) => area(e.from) !== area(e.to));
const show = (list: Edge[]) => list.map((e) => `${e.from} → ${e.to}`).join('\n');

/** The rank of the top folder a file is in. */
const rankOf = (path: string) => RANK.get(path.split('/')[0]);

test('every top-level folder of src has a rank, and every folder the rules name exists', () => {
  const present = readdirSync(SRC, { withFileTypes: true })
    .filter((e) => e.isDirectory() || e.name.endsWith('.ts'))
    .map((e) => e.name);
  assert.deepEqual(
    present.filter((n) => !RANK.has(n)),
    [],
    'give each new folder a rank in LAYERS',
  );
  const named = [
    ...RANK.keys(),
    ...SURFACES,
    ...FEATURES,
    ...ROUTING_MAY,
    ...FRONT_END_MAY,
    ...KIT_MAY,
    ...SEALED,
  ];
  assert.deepEqual(
    [...new Set(named)].filter((n) => !existsSync(join(SRC, n))),
    [],
    'a rule names a folder that is gone',
  );
});

test('every import goes down the ranks or stays in its folder', () => {
  const upward = edges.filter((e) => {
    const [from, to] = [e.from.split('/')[0], e.to.split('/')[0]];
    return from !== to && !(rankOf(e.to)! < rankOf(e.from)!);
  });
  assert.equal(show(upward), '');
});

test('the front ends’ kit imports only ir, text and errors', () => {
  const wrong = crossing.filter((e) => area(e.from) === 'dialects/kit' && !KIT_MAY.includes(area(e.to)));
  assert.equal(show(wrong), '');
});

test('a front end imports no other front end and no surface; others use a front end through its index', () => {
  const wrong = crossing.filter(
    (e) =>
      (isFrontEnd(area(e.from)) && !FRONT_END_MAY.includes(area(e.to))) ||
      (isFrontEnd(area(e.to)) && area(e.from) !== 'dialects' && e.to !== `${area(e.to)}/index.ts`),
  );
  assert.equal(show(wrong), '');
});

test('surfaces never reach into a front end, and the runtime, the library and the router are entered by their index only', () => {
  const wrong = crossing.filter(
    (e) =>
      (SURFACES.includes(area(e.from)) && area(e.to).startsWith('dialects')) ||
      (SEALED.includes(area(e.to)) && e.to !== `${area(e.to)}/index.ts`),
  );
  assert.equal(show(wrong), '');
});

test('the router reads IR skills and the runtime’s ports only, and only surfaces and features use it', () => {
  const wrong = crossing.filter(
    (e) =>
      (area(e.from) === 'routing' && !ROUTING_MAY.includes(area(e.to))) ||
      (area(e.to) === 'routing' && ![...SURFACES, ...FEATURES, 'index.ts'].includes(area(e.from))),
  );
  assert.equal(show(wrong), '');
});

test('nothing imports a surface, but the command line, which starts the others (skein serve)', () => {
  const wrong = crossing.filter((e) => SURFACES.includes(area(e.to)) && area(e.from) !== 'cli');
  assert.equal(show(wrong), '');
});

test('there are no import cycles', () => {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's strongly connected components: any component of more than one file is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  assert.deepEqual(cycles, []);
});

test('the check sees the imports it guards', () => {
  // A guard that finds no edges would pass anything: make sure it reads the real graph.
  assert.ok(
    edges.some((e) => e.from === 'cli/commands/run.ts' && e.to === 'cli/commands/run-in-terminal.ts'),
  );
  assert.ok(edges.some((e) => e.from === 'skills/load-paths.ts' && e.to === 'dialects/index.ts'));
  assert.ok(edges.some((e) => e.from === 'cli/commands/route.ts' && e.to === 'routing/index.ts'));
  assert.ok(edges.some((e) => e.from === 'routing/model-stage.ts' && e.to === 'runtime/index.ts'));
  assert.equal(area('dialects/aegis/steps/tool.ts'), 'dialects/aegis');
  assert.ok(isFrontEnd('dialects/agenticdsl') && !isFrontEnd('dialects/kit'));
});
