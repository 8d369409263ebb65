import { test } from 'node:test';
import assert from 'node:assert/strict';
import { count, cut } from '../../../src/tokens/index.js';

test('count uses a real tokenizer (o200k_base), special-token text included', () => {
  assert.equal(count(''), 0);
  assert.equal(count('hello world'), 2);
  assert.equal(count('Hello <|endoftext|> 你好世界'), 11);
});

// A fuzz finding: a heading with 500,000 spaces in a reference file took minutes to count (byte-pair
// merging is quadratic in a run, and runs of white space were not cut).
test('count cuts long runs of white space as it cuts long words', () => {
  const spaces = count(`# A${' '.repeat(500_000)}B`);
  assert.ok(spaces >= 500_000 / 256, String(spaces));
});

test('cut keeps the longest start within the budget, ending at a line break near the end', () => {
  const text = [
    '# Rules',
    '',
    'First paragraph line one.',
    'Line two of the first paragraph.',
    '',
    'Second paragraph that goes on and on and on.',
  ].join('\n');
  assert.deepEqual(cut(text, 1000), { text, tokens: count(text), truncated: false });
  const short = cut(text, 16);
  assert.equal(short.text, '# Rules\n\nFirst paragraph line one.\nLine two of the first paragraph.');
  assert.equal(short.truncated, true);
  assert.ok(short.tokens <= 16);
  assert.deepEqual(cut(text, 0), { text: '', tokens: 0, truncated: true });
});

test('cut never leaves half a character', () => {
  const text = '借款人应当按照约定的期限返还借款。'.repeat(20);
  for (const budget of [1, 2, 3, 7, 13]) {
    const piece = cut(text, budget);
    assert.ok(!piece.text.includes('\uFFFD'), `budget ${budget}: ${piece.text}`);
    assert.ok(piece.tokens <= budget);
    assert.ok(text.startsWith(piece.text));
  }
});
