import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PRECOMPILED, validatorSource } from '../../../scripts/validator-source.js';

for (const validator of PRECOMPILED)
  test(`the precompiled validator ${validator.file.pathname.split('/src/')[1]} is up to date (else run \`npm run generate\`)`, () => {
    assert.equal(readFileSync(validator.file, 'utf8'), validatorSource(validator));
  });
