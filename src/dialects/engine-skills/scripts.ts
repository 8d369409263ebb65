import { join } from 'node:path';
import type { Diagnostic } from '../../ir/diagnostic.js';
import type { FileSource } from '../../ir/file-source.js';
import type { CodeSpec } from '../../ir/nodes.js';
import { SourceText } from '../../ir/source.js';
import type { EngineDiagnosticCode } from './codes.js';

/** The scripts an engine skill may have, each named for what it does. */
const SCRIPT_ROLES = ['preprocess', 'validate', 'postprocess'] as const;
type ScriptRole = (typeof SCRIPT_ROLES)[number];

const LANGUAGES: Readonly<Record<string, CodeSpec['language']>> = {
  '.py': 'python',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.js': 'javascript',
  '.mjs': 'javascript',
};

/**
 * Finds `scripts/preprocess|validate|postprocess` in Python or TS/JS. Each must define a function named
 * for its role, taking one argument (`def validate(payload):`, `export function validate(payload)`, or a
 * default export). Other files in `scripts/` are helpers and are left alone.
 */
export async function readScripts(
  folder: string,
  out: Diagnostic[],
  files: FileSource,
): Promise<Partial<Record<ScriptRole, CodeSpec>>> {
  const dir = join(folder, 'scripts');
  let names: string[];
  try {
    names = (await files.list(dir))
      .filter((e) => e.kind === 'file')
      .map((e) => e.name)
      .sort();
  } catch {
    return {};
  }
  const found: Partial<Record<ScriptRole, CodeSpec>> = {};
  for (const name of names) {
    const dot = name.lastIndexOf('.');
    const role = SCRIPT_ROLES.find((r) => name.slice(0, dot) === r);
    const language = LANGUAGES[name.slice(dot)];
    if (!role || !language) continue;
    const file = files.absolute(join(dir, name));
    const source = (await files.read(join(dir, name))).replace(/^\uFEFF/, '');
    const src = new SourceText(file, source);
    if (found[role]) {
      out.push(
        src.diagnostic(
          'error',
          'engine/duplicate-script' satisfies EngineDiagnosticCode,
          `scripts/ has two ${role} scripts (${found[role]!.file} and ${name}); keep one`,
          0,
        ),
      );
      continue;
    }
    const entry = language === 'python' ? pythonEntry(source, role) : moduleEntry(source, role);
    if (!entry) {
      const example =
        language === 'python' ? `def ${role}(payload):` : `export function ${role}(payload) { … }`;
      out.push(
        src.diagnostic(
          'error',
          'engine/script-entry-missing' satisfies EngineDiagnosticCode,
          `scripts/${name} defines no ${role} function; write ${example}`,
          0,
        ),
      );
      continue;
    }
    found[role] = { language, file, source, entry };
  }
  return found;
}

function pythonEntry(source: string, role: string): string | undefined {
  return new RegExp(`^(?:async\\s+)?def\\s+${role}\\s*\\(`, 'm').test(source) ? role : undefined;
}

function moduleEntry(source: string, role: string): string | undefined {
  if (
    new RegExp(
      `export\\s+(?:async\\s+)?function\\s+${role}\\b|export\\s+(?:const|let)\\s+${role}\\b|export\\s*\\{[^}]*\\b${role}\\b`,
    ).test(source)
  )
    return role;
  return /export\s+default\b/.test(source) ? 'default' : undefined;
}
