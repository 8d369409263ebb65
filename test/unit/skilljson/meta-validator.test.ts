import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { metaValidatorSource } from '../../../scripts/meta-validator-source.js';

test('the precompiled skill.json meta-schema validator is up to date (else run `npm run generate`)', () => {
  const file = new URL('../../../src/dialects/skilljson/meta/meta-validator.generated.ts', import.meta.url);
  assert.equal(readFileSync(file, 'utf8'), metaValidatorSource());
});
