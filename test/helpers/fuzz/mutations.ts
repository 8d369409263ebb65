import fc from 'fast-check';

/**
 * One change to a file's bytes. Positions are taken modulo the length, so every op applies to any file
 * and shrinks toward its start.
 */
export type Mutation =
  | { op: 'flip'; at: number; bit: number }
  | { op: 'truncate'; at: number }
  | { op: 'delete'; at: number; length: number }
  | { op: 'repeat'; at: number; length: number; times: number }
  | { op: 'nest'; at: number; kind: number; depth: number }
  | { op: 'line'; at: number; length: number; char: number }
  | { op: 'alias'; at: number; kind: number; count: number }
  | { op: 'utf8'; at: number; kind: number }
  | { op: 'crlf'; lone: boolean }
  | { op: 'token'; at: number; token: number };

/** The largest file a mutation makes; bigger results are cut here (the loader's bound is about 1 MB). */
export const MAX_BYTES = 1024 * 1024;

/** Openers of nested constructs, each repeated `depth` times (YAML, JSON, Markdown, templates, expressions). */
const NESTERS: readonly ((i: number) => string)[] = [
  () => '[',
  () => '{',
  () => '{"a":',
  () => '- ',
  (i) => `${' '.repeat(i)}a:\n`,
  (i) => `${' '.repeat(i)}- \n`,
  () => '(',
  () => '{{ (',
  () => '!(',
  () => '> ',
  () => '  * ',
  () => '{% if x %}',
  () => 'a.',
  () => '[0]',
  () => '-',
];

/** Snippets that reach deeper into the dialects' readers than random bytes do. */
const TOKENS: readonly string[] = [
  '{{',
  '}}',
  '{%',
  '%}',
  '{#',
  '---\n',
  '\n---\n',
  ':',
  ': ',
  '"',
  "'",
  '#',
  '\n## ',
  '\n### ',
  '```',
  '\n```yaml\n',
  '\n```\n',
  '|',
  '>',
  '&a ',
  '*a',
  '!!binary ',
  '!tag ',
  '\t',
  '\u0000',
  '$ref',
  '"type": 5',
  '"type": ["string", 1]',
  '"required": "x"',
  '"properties": []',
  '"enum": {}',
  '**type**: ',
  '**varName**: ',
  '{{ a | b(1, }}',
  '{{ x.y[0] }}',
  '"mode": "composite"',
  '"mode": 1',
  'null',
  '[]',
  '{}',
  '1e999',
  '-0',
  '"\\ud800"',
  '\\',
  '\r',
  '<<: *a\n',
  '? ',
  '\n- ',
  '\n  - ',
  '${',
  '@',
  '%YAML 1.2\n',
  '...\n',
  '\ufeff',
  '\u2028',
  'type: ',
  'next: ',
  '/main/',
  '$.',
];

/** Inserts of YAML anchors and aliases: a billion-laughs bomb, unresolved aliases, many aliases, merge keys. */
function aliasText(kind: number, count: number): string {
  switch (kind % 4) {
    case 0: {
      let s = 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n';
      for (let i = 1; i <= count % 12; i++)
        s += `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]\n`;
      return s;
    }
    case 1:
      return `x: *missing${count}\n`;
    case 2:
      return 'b: &b [x]\n' + Array.from({ length: count }, (_, i) => `c${i}: *b\n`).join('');
    default:
      return (
        'base: &base {k: v}\n' + Array.from({ length: count % 50 }, (_, i) => `m${i}: {<<: *base}\n`).join('')
      );
  }
}

/** Byte sequences that are not valid UTF-8 (cut sequences, overlong forms, surrogates, 0xFF). */
const BAD_UTF8: readonly number[][] = [
  [0xc3],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xff],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
];

const at = fc.nat();

/** Any mutation; `big` allows sizes up to what a 1 MB file holds, else up to about 50 KB (faster cases). */
function mutation(big: boolean): fc.Arbitrary<Mutation> {
  const scale = (n: number) => (big ? n : Math.max(1, Math.floor(n / 20)));
  return fc.oneof(
    {
      arbitrary: fc.record({ op: fc.constant('flip' as const), at, bit: fc.integer({ min: 0, max: 7 }) }),
      weight: 4,
    },
    { arbitrary: fc.record({ op: fc.constant('truncate' as const), at }), weight: 1 },
    {
      arbitrary: fc.record({
        op: fc.constant('delete' as const),
        at,
        length: fc.integer({ min: 1, max: 400 }),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('repeat' as const),
        at,
        length: fc.integer({ min: 1, max: 200 }),
        times: fc.oneof(fc.integer({ min: 2, max: 100 }), fc.integer({ min: 100, max: scale(20_000) })),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('nest' as const),
        at,
        kind: fc.nat(),
        depth: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: scale(100_000) })),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('line' as const),
        at,
        length: fc.integer({ min: 1_000, max: scale(500_000) }),
        char: fc.integer({ min: 0, max: 5 }),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        op: fc.constant('alias' as const),
        at,
        kind: fc.nat(),
        count: fc.integer({ min: 1, max: scale(5_000) }),
      }),
      weight: 2,
    },
    { arbitrary: fc.record({ op: fc.constant('utf8' as const), at, kind: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('crlf' as const), lone: fc.boolean() }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('token' as const), at, token: fc.nat() }), weight: 4 },
  );
}

/** A seed (by index) and a file of it (by index), changed by one to four mutations. */
export interface Case {
  seed: number;
  target: number;
  mutations: Mutation[];
}

/** Cases over `seeds` seeds; `big` as for mutation sizes. */
export function caseOf(seeds: number, big = true): fc.Arbitrary<Case> {
  return fc.record({
    seed: fc.integer({ min: 0, max: seeds - 1 }),
    target: fc.nat(),
    mutations: fc.array(mutation(big), { minLength: 1, maxLength: 4 }),
  });
}

const LINE_CHARS = ['x', ' ', '{', '"', '\\', '一'];

/** The bytes after the mutations, at most MAX_BYTES long. */
export function mutate(input: Buffer, mutations: readonly Mutation[]): Buffer {
  let b = input;
  for (const m of mutations) {
    b = apply(b, m);
    if (b.length > MAX_BYTES) b = b.subarray(0, MAX_BYTES);
  }
  return b;
}

function apply(b: Buffer, m: Mutation): Buffer {
  const pos = 'at' in m ? m.at % (b.length + 1) : 0;
  const insert = (s: string | Buffer) =>
    Buffer.concat([b.subarray(0, pos), typeof s === 'string' ? Buffer.from(s) : s, b.subarray(pos)]);
  switch (m.op) {
    case 'flip': {
      if (b.length === 0) return b;
      const c = Buffer.from(b);
      c[pos % b.length] ^= 1 << m.bit;
      return c;
    }
    case 'truncate':
      return b.subarray(0, pos);
    case 'delete':
      return Buffer.concat([b.subarray(0, pos), b.subarray(pos + m.length)]);
    case 'repeat': {
      const piece = b.subarray(pos, pos + m.length);
      const times = Math.min(m.times, Math.floor(MAX_BYTES / Math.max(1, piece.length)));
      return Buffer.concat([
        b.subarray(0, pos),
        Buffer.from(piece.toString('latin1').repeat(times), 'latin1'),
        b.subarray(pos),
      ]);
    }
    case 'nest': {
      const open = NESTERS[m.kind % NESTERS.length];
      let s = '';
      for (let i = 0; i < m.depth && s.length < MAX_BYTES; i++) s += open(i);
      return insert(s);
    }
    case 'line':
      return insert(LINE_CHARS[m.char].repeat(m.length));
    case 'alias':
      return insert(aliasText(m.kind, m.count));
    case 'utf8':
      return insert(Buffer.from(BAD_UTF8[m.kind % BAD_UTF8.length]));
    case 'crlf':
      return Buffer.from(b.toString('latin1').replace(/\r?\n/g, m.lone ? '\r' : '\r\n'), 'latin1');
    case 'token':
      return insert(TOKENS[m.token % TOKENS.length]);
  }
}
