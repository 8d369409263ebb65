import { loadText } from '../src/skills/index.js';

/** One construct repeated `n` times inside a file of one dialect. */
interface Construct {
  name: string;
  path: string;
  text: (n: number) => string;
}

const AEGIS = '# skill: grow\n\n**version**: 1.0.0\n\n## description\n\nGrowth.\n\n';
const DSL = '### AgenticDSL `/main/start`\n\n```yaml\ntype: assign\n';

const CONSTRUCTS: Construct[] = [
  {
    name: 'YAML keys in one map',
    path: 'g.md',
    text: (n) => `${DSL}${Array.from({ length: n }, (_, i) => `k${i}: ${i}\n`).join('')}\`\`\`\n`,
  },
  { name: 'broken YAML lines', path: 'g.md', text: (n) => `${DSL}${'x: : y\n'.repeat(n)}\`\`\`\n` },
  { name: 'flow nesting [[[…', path: 'g.md', text: (n) => `${DSL}v: ${'['.repeat(n)}\n\`\`\`\n` },
  {
    name: 'aliases of one anchor',
    path: 'g.md',
    text: (n) => `${DSL}a: &a [x]\n${Array.from({ length: n }, (_, i) => `b${i}: *a\n`).join('')}\`\`\`\n`,
  },
  { name: 'heading of n spaces', path: 'grow.md', text: (n) => `${AEGIS}##${' '.repeat(n * 10)}x\n` },
  {
    name: 'Aegis steps',
    path: 'grow.md',
    text: (n) =>
      `${AEGIS}## steps\n\n${Array.from({ length: n }, (_, i) => `### step: s${i}\n\n**type**: template\n\n\`\`\`template\n{{ s${Math.max(0, i - 1)} }} + ${i}\n\`\`\`\n\n`).join('')}`,
  },
  {
    name: 'expression a + a + …',
    path: 'grow.md',
    text: (n) =>
      `${AEGIS}## steps\n\n### step: s\n\n**type**: template\n\n\`\`\`template\n{{ ${Array(n).fill('a').join(' + ')} }}\n\`\`\`\n`,
  },
  {
    name: 'word of 10n letters (tokens)',
    path: 'grow.SKILL.md',
    text: (n) => `---\nname: grow\ndescription: Growth.\n---\n\n# Grow\n\n${'x'.repeat(n * 10)}\n`,
  },
  {
    name: 'frontmatter value, 10n spaces',
    path: 'grow.SKILL.md',
    text: (n) => `---\nname: grow\ndescription: a: b${' '.repeat(n * 10)}c\n---\n\n# Grow\n`,
  },
  {
    name: 'YAML error tokens [0][0]…',
    path: 'g.md',
    text: (n) => `${DSL}v: x\nw: ${'[0]'.repeat(n)}y:\n\`\`\`\n`,
  },
  {
    name: '{{ without }} (Aegis reads)',
    path: 'grow.md',
    text: (n) =>
      `${AEGIS}## steps\n\n### step: s\n\n**type**: template\n\n\`\`\`template\n{{ nope }}${'{{ a'.repeat(n)}\n\`\`\`\n`,
  },
  {
    name: 'JSON nesting [[[…',
    path: 'grow.skill.json',
    text: (n) => `{"mode": "llm", "input": ${'['.repeat(n)}}`,
  },
];

/**
 * Load time of one file against the number of repeats of one construct (10, 100, 1,000, 10,000): the
 * loader must grow linearly and stay under a second for files up to 1 MB.
 */
export function benchHostileGrowth(): void {
  console.log('\n[hostile growth] load ms (median of 5) by repeats of one construct');
  console.log(
    'construct'.padEnd(30) +
      ['10', '100', '1,000', '10,000'].map((n) => n.padStart(9)).join('') +
      '   KB at 10,000',
  );
  for (const c of CONSTRUCTS) {
    const cells: string[] = [];
    let size = 0;
    for (const n of [10, 100, 1_000, 10_000]) {
      const text = c.text(n);
      size = text.length;
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        loadText(c.path, text);
        times.push(performance.now() - t0);
      }
      cells.push(
        times
          .sort((a, b) => a - b)[2]
          .toFixed(1)
          .padStart(9),
      );
    }
    console.log(c.name.padEnd(30) + cells.join('') + `   ${(size / 1024).toFixed(0).padStart(6)}`);
  }
}
