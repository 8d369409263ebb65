export {
  compileAegisTemplate,
  compileAegisValue,
  compileAegisWhen,
  type AegisOptions,
  type AegisTemplate,
  type CompileResult,
  type OlderForm,
} from './aegis/index.js';
export { formatValue } from './format.js';
export {
  compileInjaTemplate,
  compileInjaValue,
  hasInjaTags,
  injaFunctions,
  type Locate,
} from './inja/index.js';
export { parseWhen as parseAegisWhen } from './aegis/when-parser.js';
export { standaloneLine } from './aegis/standalone-line.js';
export type { Expr as ExprAst, PathExpr as PathAst } from './ast.js';
