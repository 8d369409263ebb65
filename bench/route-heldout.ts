// Held-out routing figures (docs/routing.md): each lexical variant, its "none" decision tuned on the
// other libraries and measured on the one left out; then the full procedure, which also chooses the
// variant on the others. Run: node --import tsx bench/route-heldout.ts
import MiniSearch from 'minisearch';
import { DEFAULT_SETTINGS, type RouterSettings } from '../src/routing/settings.js';
import { textTerms } from '../src/routing/terms.js';
import {
  bestDecision,
  decisionGrid,
  figures,
  leaveOneOut,
  objective,
  rankLibrary,
  rankLibraryWith,
  thresholdGrid,
  type Fold,
  type Ranked,
} from './route-heldout-eval.js';
import { loadRouteLibraries } from './route-libraries.js';

const base = DEFAULT_SETTINGS;
/** The shipped settings, and each with one of its parts taken back. */
export const VARIANTS: Record<string, RouterSettings> = {
  shipped: base,
  'no jieba words (character pairs only)': { ...base, words: false },
  'opening paragraph, weight 0.3': { ...base, weights: { ...base.weights, opening: 0.3 } },
  'opening paragraph, weight 0.6': { ...base, weights: { ...base.weights, opening: 0.6 } },
  'opening paragraph, weight 1.5': { ...base, weights: { ...base.weights, opening: 1.5 } },
  'description weight 2.5': { ...base, weights: { ...base.weights, description: 2.5 } },
  'headings weight 0': { ...base, weights: { ...base.weights, headings: 0 } },
  'unknown words count half': { ...base, unknown: 0.5 },
};

const libraries = await loadRouteLibraries();
const names = libraries.map((l) => l.name);
const ranked: Record<string, Ranked[][]> = {};
for (const [name, settings] of Object.entries(VARIANTS))
  ranked[name] = libraries.map((l) => rankLibrary(l, settings));

const pct = (x: number) => `${(x * 100).toFixed(1)}`;
const mean = (folds: Fold[], key: 'top1' | 'none' | 'top5') =>
  folds.reduce((n, f) => n + f.figures[key], 0) / folds.length;

console.log('| variant | ' + names.join(' | ') + ' | mean |');
console.log('|---|' + names.map(() => '---').join('|') + '|---|');
for (const variant of Object.keys(VARIANTS)) {
  const folds = leaveOneOut(names, { [variant]: ranked[variant] });
  const cell = (f: Fold['figures']) => `${pct(f.top1)} / ${pct(f.none)} / ${pct(f.top5)}`;
  console.log(
    `| ${variant} | ${folds.map((f) => cell(f.figures)).join(' | ')} | ${pct(mean(folds, 'top1'))} / ${pct(mean(folds, 'none'))} / ${pct(mean(folds, 'top5'))} |`,
  );
}
const thresholdOnly = decisionGrid().filter((d) => d.margin === 0 && d.sure === d.least);
const single = leaveOneOut(names, { shipped: ranked.shipped }, thresholdOnly);
console.log(
  `| shipped, one threshold (no margin rule) | ${single.map((f) => `${pct(f.figures.top1)} / ${pct(f.figures.none)} / ${pct(f.figures.top5)}`).join(' | ')} | ${pct(mean(single, 'top1'))} / ${pct(mean(single, 'none'))} / ${pct(mean(single, 'top5'))} |`,
);
console.log('\nFull procedure (variant and decision chosen on the other libraries):');
for (const f of leaveOneOut(names, ranked))
  console.log(
    `  ${f.library.padEnd(12)} ${f.variant}; least ${f.decision.least}, sure ${f.decision.sure}, margin ${f.decision.margin}: top-1 ${pct(f.figures.top1)}% (${f.figures.inScope}), none ${pct(f.figures.none)}% (${f.figures.outOfScope}), top-5 ${pct(f.figures.top5)}%`,
  );

const onAll = Object.entries(ranked)
  .map(([variant, perLibrary]) => {
    const decision = bestDecision(perLibrary);
    return { variant, decision, value: objective(perLibrary.map((r) => figures(r, decision))) };
  })
  .sort((a, b) => b.value - a.value)[0];
console.log(
  `\nOn all libraries (what ships): ${onAll.variant}; least ${onAll.decision.least}, sure ${onAll.decision.sure}, margin ${onAll.decision.margin}`,
);

// Peers: MiniSearch (BM25+), as a user would set it up over name and description with its own
// tokenizer, and given Skein's fields, weights and terms; each "none" threshold tuned held out too.
type Skills = Parameters<Parameters<typeof rankLibraryWith>[1]>[0];
const miniSearch =
  (fields: Record<string, (s: Skills[number]) => string>, ownTerms: boolean) => (skills: Skills) => {
    const mini = new MiniSearch({
      fields: Object.keys(fields),
      storeFields: ['name'],
      ...(ownTerms
        ? { tokenize: (text: string) => textTerms(text).map((t) => t.key), processTerm: (t: string) => t }
        : {}),
    });
    mini.addAll(
      skills.map((s, i) => ({
        id: i,
        name: s.id,
        ...Object.fromEntries(Object.entries(fields).map(([f, read]) => [f, read(s)])),
      })),
    );
    const boost: Record<string, number> = ownTerms
      ? { id: 3, aliases: 3, tags: 2.5, description: 1.5, headings: 0.6 }
      : {};
    return (request: string) =>
      mini.search(request, { boost }).map((h) => ({ id: h.name as string, score: h.score }));
  };
const PEERS = {
  'MiniSearch: name and description, its own tokenizer': miniSearch(
    { id: (s) => s.id, description: (s) => s.description },
    false,
  ),
  "MiniSearch: Skein's fields, weights and terms": miniSearch(
    {
      id: (s) => s.id,
      aliases: (s) => (s.routing?.aliases ?? []).join(' '),
      tags: (s) => s.tags.join(' '),
      description: (s) => s.description,
      headings: (s) => (s.routing?.headings ?? []).join(' '),
    },
    true,
  ),
};
console.log('\nPeers, each with a single "none" threshold on its own scores tuned on the other libraries:');
for (const [name, build] of Object.entries(PEERS)) {
  const folds = leaveOneOut(
    names,
    { [name]: libraries.map((l) => rankLibraryWith(l, build)) },
    thresholdGrid,
  );
  console.log(
    `| ${name} | ${folds.map((f) => `${pct(f.figures.top1)} / ${pct(f.figures.none)} / ${pct(f.figures.top5)}`).join(' | ')} | ${pct(mean(folds, 'top1'))} / ${pct(mean(folds, 'none'))} / ${pct(mean(folds, 'top5'))} |`,
  );
}
