import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { batchedLines } from '../../../src/cli/batched-lines.js';

/** A stream that keeps each write it is given. */
function collector() {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      writes.push(String(chunk));
      done();
    },
  });
  return { writes, stream };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('lines written in one turn of the event loop go out in one write, in order, at the end of the turn', async () => {
  const { writes, stream } = collector();
  const write = batchedLines(stream);
  for (let i = 0; i < 100; i++) write(`line ${i}\n`);
  assert.equal(writes.length, 0, 'nothing is written during the turn');
  await turn();
  await turn();
  assert.equal(writes.length, 1);
  assert.deepEqual(
    writes[0].split('\n').filter(Boolean),
    Array.from({ length: 100 }, (_, i) => `line ${i}`),
  );
  write('later\n');
  await turn();
  await turn();
  assert.deepEqual(writes.slice(1), ['later\n'], 'a later turn writes its own lines');
});

test('64 KB of lines waiting are written at once, without waiting for the turn to end', () => {
  const { writes, stream } = collector();
  const write = batchedLines(stream);
  const line = 'x'.repeat(1023) + '\n';
  for (let i = 0; i < 64; i++) write(line);
  assert.equal(writes.length, 1);
  assert.equal(writes[0].length, 64 * 1024);
});
