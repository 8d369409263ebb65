// The Python sandbox: Pyodide interpreters in worker threads, used by AgenticDSL codelets and by
// engine-skill scripts through the runtime's CodeService (`services.code.python`).
export { createPythonSandbox, PythonSandbox } from './python-sandbox.js';
export type { PythonSandboxOptions, SandboxStats } from './sandbox-options.js';
export { PythonError, SandboxError, type PythonFrame, type SandboxErrorCode } from './errors.js';
