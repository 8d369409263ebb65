// Writes src/dialects/skilljson/meta/meta-validator.generated.ts: the skill.json meta-schema compiled
// ahead of time by Ajv's standalone code generator. Compiling it at run time (the draft-07 meta-schema
// comes with it) costs ~280 ms of every process that checks a skill.json; loading this file, a few.
// `npm run generate`; a unit test fails when the file is out of date.
import { writeFileSync } from 'node:fs';
import { metaValidatorSource } from './meta-validator-source.js';

const target = new URL('../src/dialects/skilljson/meta/meta-validator.generated.ts', import.meta.url);
writeFileSync(target, metaValidatorSource());
console.log(`wrote ${target.pathname}`);
