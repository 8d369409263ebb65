export { attempt, type CompileResult } from '../compile-error.js';
