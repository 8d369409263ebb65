// Writes the generated sources; a unit test fails when one is out of date (`npm run generate`):
// - src/dialects/skilljson/meta/meta-validator.generated.ts: the skill.json meta-schema compiled ahead
//   of time by Ajv's standalone code generator. Compiling it at run time (the draft-07 meta-schema
//   comes with it) costs ~280 ms of every process that checks a skill.json; loading this file, a few.
// - web/src/api/types.ts: the playground's types of the HTTP API, from the server's OpenAPI document.
// - docs/errors.md: the table of error codes, from the catalog (src/errors/catalog.ts).
import { writeFileSync } from 'node:fs';
import { ERRORS_PAGE, errorsPageSource } from './error-table-source.js';
import { metaValidatorSource } from './meta-validator-source.js';
import { WEB_TYPES_FILE, webTypesSource } from './web-types-source.js';

const metaValidator = new URL('../src/dialects/skilljson/meta/meta-validator.generated.ts', import.meta.url);
writeFileSync(metaValidator, metaValidatorSource());
console.log(`wrote ${metaValidator.pathname}`);
writeFileSync(WEB_TYPES_FILE, await webTypesSource());
console.log(`wrote ${WEB_TYPES_FILE.pathname}`);
writeFileSync(ERRORS_PAGE, errorsPageSource());
console.log(`wrote ${ERRORS_PAGE.pathname}`);
