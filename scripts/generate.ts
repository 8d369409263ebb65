// Writes the generated sources; a unit test fails when one is out of date (`npm run generate`):
// - the validators compiled ahead of time by Ajv's standalone code generator (scripts/validator-source.ts):
//   the skill.json meta-schema (meta-validator.generated.ts) and skein.yaml's schema
//   (src/config/config-validator.generated.ts).
// - web/src/api/types.ts: the playground's types of the HTTP API, from the server's OpenAPI document.
// - docs/errors.md: the table of error codes, from the catalog (src/errors/catalog.ts).
import { writeFileSync } from 'node:fs';
import { ERRORS_PAGE, errorsPageSource } from './error-table-source.js';
import { PRECOMPILED, validatorSource } from './validator-source.js';
import { WEB_TYPES_FILE, webTypesSource } from './web-types-source.js';

for (const validator of PRECOMPILED) {
  writeFileSync(validator.file, validatorSource(validator));
  console.log(`wrote ${validator.file.pathname}`);
}
writeFileSync(WEB_TYPES_FILE, await webTypesSource());
console.log(`wrote ${WEB_TYPES_FILE.pathname}`);
writeFileSync(ERRORS_PAGE, errorsPageSource());
console.log(`wrote ${ERRORS_PAGE.pathname}`);
