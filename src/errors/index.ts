export {
  ERROR_CODES,
  ERROR_CODE_LIST,
  errorRow,
  isErrorCode,
  type ErrorCode,
  type ErrorKind,
  type ErrorRow,
  type McpCode,
} from './catalog.js';
export { SkeinError, type ErrorField, type SkeinErrorOptions } from './skein-error.js';
