import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseStream } from '../../../src/runtime/executors/agent/response-stream.js';

function streamed(pieces: readonly string[]): string {
  let out = '';
  const stream = new ResponseStream((text) => (out += text));
  for (const piece of pieces) stream.push(piece);
  return out;
}

const answer = JSON.stringify({
  profile: { response: 'not this one' },
  response: '收到。\n"借条"已读取 \u2014 ok',
  control: { action: 'finish', response: 'nor this' },
});

test('a JSON answer streams only its top-level response, decoded, whatever the chunking', () => {
  for (const size of [1, 2, 3, 7, answer.length]) {
    const pieces = [];
    for (let i = 0; i < answer.length; i += size) pieces.push(answer.slice(i, i + size));
    assert.equal(streamed(pieces), '收到。\n"借条"已读取 — ok', `chunks of ${size}`);
  }
  assert.equal(streamed(['```json\n', answer, '\n```']), '收到。\n"借条"已读取 — ok');
  assert.equal(streamed(['{"response": "a\\u00e9b"}']), 'aéb');
});

test('prose streams as it is, and each model turn starts afresh', () => {
  let out = '';
  const stream = new ResponseStream((text) => (out += text));
  stream.push('  Let me look ');
  stream.push('that up.');
  stream.reset();
  stream.push('{"response": "Done"}');
  assert.equal(out, '  Let me look that up.Done');
});
