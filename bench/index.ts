import { benchAegisParse } from './aegis-parse.js';
import { benchColdValidate } from './cold-validate.js';
import { benchTemplateRender } from './template-render.js';

// Each benchmark registers, runs and prints its own ratios, one after another in one process.
await benchTemplateRender();
await benchAegisParse();
benchColdValidate();
