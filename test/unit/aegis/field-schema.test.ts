import { test } from 'node:test';
import assert from 'node:assert/strict';
import { aegisFieldsToSchema, type FieldProblem } from '../../../src/dialects/aegis/index.js';
import { validateValue } from '../../../src/schema/index.js';

function convert(fields: unknown) {
  const problems: FieldProblem[] = [];
  return {
    schema: aegisFieldsToSchema(fields, problems),
    problems: problems.map((p) => `${p.severity} ${p.code} ${p.path.join('.')}`),
  };
}

test('shorthand fields are required strings', () => {
  const { schema, problems } = convert({ query: 'string', n: 'number' });
  assert.deepEqual(schema, {
    type: 'object',
    properties: { query: { type: 'string' }, n: { type: 'number' } },
    required: ['query', 'n'],
  });
  assert.deepEqual(problems, []);
});

test('attributes: optional fields accept null, defaults, UI hints, validation', () => {
  const { schema, problems } = convert({
    quantity: {
      type: 'number',
      required: false,
      default: 1,
      label: 'Qty',
      placeholder: 'how many',
      validation: { min: 1, max: 999 },
    },
  });
  assert.deepEqual(schema.properties!.quantity, {
    type: ['number', 'null'],
    default: 1,
    'x-label': 'Qty',
    'x-placeholder': 'how many',
    minimum: 1,
    maximum: 999,
  });
  assert.deepEqual(schema.required, undefined);
  assert.deepEqual(problems, []);
});

test('options make single choice (string) and multiple choice (array)', () => {
  const { schema } = convert({
    format: { type: 'string', options: ['PDF', 'Excel'], default: 'PDF' },
    regions: { type: 'array', options: ['华北', '华东'] },
  });
  assert.deepEqual(schema.properties!.format.enum, ['PDF', 'Excel']);
  assert.deepEqual(schema.properties!.regions.items, { enum: ['华北', '华东'] });
});

test('object sub-fields and items are flattened, nested several levels', () => {
  const { schema, problems } = convert({
    address: { type: 'object', city: { type: 'string' }, street: { type: 'string', required: false } },
    departments: {
      type: 'array',
      items: {
        name: { type: 'string' },
        members: { type: 'array', items: { name: { type: 'string' }, role: 'string' } },
      },
    },
    tags: { type: 'array', items: { type: 'string' } },
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(schema.properties!.address, {
    type: 'object',
    properties: { city: { type: 'string' }, street: { type: ['string', 'null'] } },
    required: ['city'],
  });
  const members = schema.properties!.departments.items!.properties!.members;
  assert.deepEqual(members.items, {
    type: 'object',
    properties: { name: { type: 'string' }, role: { type: 'string' } },
    required: ['name', 'role'],
  });
  assert.deepEqual(schema.properties!.tags.items, { type: 'string' });
});

test('a sub-field named like an attribute is told apart by its own type', () => {
  const { schema } = convert({
    results: { type: 'array', items: { type: { type: 'string' }, title: { type: 'string' } } },
  });
  assert.deepEqual(Object.keys(schema.properties!.results.items!.properties!), ['type', 'title']);
});

test('problems carry the key path', () => {
  const { problems } = convert({
    a: { type: 'date' },
    b: { description: 'no type' },
    c: { type: 'string', city: { type: 'string' } },
    d: 'integer',
    e: { type: 'number', uiHint: 'slider', colour: 'red' },
  });
  assert.deepEqual(problems, [
    'error aegis/unknown-type a.type',
    'error aegis/field-without-type b',
    'error aegis/subfield-on-scalar c.city',
    'warning aegis/nonstandard-type d',
    'warning aegis/unknown-attribute e.colour',
  ]);
});

test('validation reports every bad field by name and applies defaults to a copy', () => {
  const { schema } = convert({
    order_id: 'string',
    quantity: {
      type: 'number',
      required: false,
      default: 1,
      validation: { min: 1, message: 'at least one' },
    },
    format: { type: 'string', options: ['PDF', 'CSV'] },
    items: { type: 'array', items: { sku: { type: 'string' } } },
  });
  const bad = validateValue(schema, { quantity: 0, format: 'DOC', items: [{}, { sku: 3 }] });
  assert.equal(bad.ok, false);
  assert.deepEqual(!bad.ok && bad.errors, [
    { field: 'order_id', message: 'is required' },
    { field: 'quantity', message: 'at least one' },
    { field: 'format', message: 'must be one of: "PDF", "CSV"' },
    { field: 'items[0].sku', message: 'is required' },
    { field: 'items[1].sku', message: 'must be string' },
  ]);
  const input = { order_id: 'A', format: 'PDF', items: [] };
  const good = validateValue(schema, input);
  assert.deepEqual(good, { ok: true, value: { order_id: 'A', format: 'PDF', items: [], quantity: 1 } });
  assert.deepEqual(input, { order_id: 'A', format: 'PDF', items: [] }, "the caller's value is untouched");
});

test('a schema is compiled once', async () => {
  const { compileSchema } = await import('../../../src/schema/index.js');
  const { schema } = convert({ a: 'string' });
  assert.equal(compileSchema(schema), compileSchema(schema));
});

test('an object sub-field named options, description or required is a sub-field', () => {
  const { schema, problems } = convert({
    chart: {
      type: 'object',
      description: 'c',
      options: { type: 'object', required: false },
      required: { type: 'boolean' },
    },
  });
  assert.deepEqual(problems, []);
  assert.deepEqual(schema.properties!.chart, {
    type: 'object',
    description: 'c',
    properties: { options: { type: ['object', 'null'] }, required: { type: 'boolean' } },
    required: ['required'],
  });
});
