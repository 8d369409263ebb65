export {
  compileAegisTemplate,
  compileAegisValue,
  compileAegisWhen,
  type AegisTemplate,
  type CompileResult,
} from './aegis/index.js';
export { formatValue } from './format.js';
export {
  compileInjaTemplate,
  compileInjaValue,
  hasInjaTags,
  injaFunctions,
  type Locate,
} from './inja/index.js';
