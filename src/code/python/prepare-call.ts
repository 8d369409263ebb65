import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CodeSpec } from '../../ir/nodes.js';
import { SandboxError } from './errors.js';
import type { CallRequest } from './protocol.js';

/** The name tracebacks give inline source. */
const INLINE_FILENAME = '<code>';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Checks a code spec and builds the request for the worker: the source (inline, or read from
 * `file` on the host — the sandbox itself sees no files), the entry name, and the input as JSON.
 */
export async function prepareCall(code: CodeSpec, input: unknown): Promise<Omit<CallRequest, 'id'>> {
  if (code.language !== 'python')
    throw new SandboxError(
      'bad_code',
      `the Python sandbox cannot run ${code.language} code; give language: 'python'`,
    );
  if (!IDENTIFIER.test(code.entry))
    throw new SandboxError(
      'bad_code',
      `the entry "${code.entry}" is not a Python function name; use a name like main`,
    );
  let source = code.source;
  if (source === undefined) {
    if (!code.file)
      throw new SandboxError(
        'bad_code',
        'the code has neither source nor file; give the Python source or the path of a .py file',
      );
    try {
      source = await readFile(resolve(code.file), 'utf8');
    } catch (e) {
      throw new SandboxError('bad_code', `cannot read the Python file ${code.file}: ${(e as Error).message}`);
    }
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(input);
  } catch (e) {
    throw new SandboxError(
      'not_json',
      `the input cannot be passed to Python: it is not JSON (${(e as Error).message})`,
    );
  }
  return { source, filename: code.file ?? INLINE_FILENAME, entry: code.entry, input: json ?? 'null' };
}
