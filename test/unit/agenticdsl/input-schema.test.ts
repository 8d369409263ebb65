import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { block, diagnose, load } from '../../helpers/agenticdsl.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const example = (name: string) =>
  load(readFileSync(join(ROOT, 'examples/graphs', name), 'utf8'), `examples/graphs/${name}`);

test('a graph’s input is what it reads and never writes: templates, values, codelet reads', () => {
  // fan_out: `text` is read by the assignments and by the codelet; what the codelet returns
  // (words, longest, top) and what the assignments write (stats, summary) are not input.
  assert.deepEqual(example('fan_out.md').input, {
    type: 'object',
    properties: { text: { description: 'read by /main/shout, /main/measure, /main/word_stats' } },
  });
  // route_purpose: the prompt reads raw_input; llm_output is the model's answer, not input.
  assert.deepEqual(Object.keys(example('route_purpose.md').input.properties ?? {}), ['raw_input']);
  assert.deepEqual(Object.keys(example('order_total.md').input.properties ?? {}).sort(), [
    'quantity',
    'shipping',
    'unit_price',
  ]);
});

test('an input_schema in /__meta__ wins over the derived fields; one that is not a mapping is a warning', () => {
  const main = block(
    '/main',
    'graph_type: subgraph\nentry: start\nnodes:\n  - {id: start, type: start, next: [end]}\n  - {id: end, type: end, output_keys: [name]}',
  );
  const declared = load(
    block(
      '/__meta__',
      'input_schema:\n  properties:\n    name: {type: string, title: Name}\n  required: [name]',
    ) + main,
  );
  assert.deepEqual(declared.input, {
    type: 'object',
    properties: { name: { type: 'string', title: 'Name' } },
    required: ['name'],
  });
  assert.deepEqual(load(main).input, {
    type: 'object',
    properties: { name: { description: 'read by /main/end' } },
  });
  assert.deepEqual(
    diagnose(block('/__meta__', 'input_schema: [name]') + main).filter((d) =>
      d.includes('meta-input-schema'),
    ),
    ['5:15 warning agenticdsl/meta-input-schema'],
  );
});
