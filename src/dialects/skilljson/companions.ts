import { basename, dirname, join } from 'node:path';
import type { FileSource } from '../../ir/file-source.js';

/** The files a skill.json works with: its prompt (llm mode) and its implementation (code mode, TS pipelines). */
export interface Companions {
  /** The skill's folder, or the `<stem>.skill.json` file itself for a single-file skill. */
  source: string;
  /** prompt.md, if present. */
  prompt?: string;
  /** index.ts or index.js, if present. */
  code?: string;
  /** Where the implementation is looked for, for messages. */
  codeNames: readonly string[];
  promptName: string;
  /** Where the companions are read from. */
  files: FileSource;
}

const CODE_EXTENSIONS = ['.ts', '.mts', '.js', '.mjs'];

/**
 * Finds the companions of `skill.json` in its folder (`prompt.md`, `index.ts`/`index.js`), or of a
 * single-file `<stem>.skill.json` beside it (`<stem>.prompt.md`, `<stem>.ts`/`<stem>.js`).
 */
export function findCompanions(file: string, files: FileSource): Companions {
  const dir = dirname(file);
  const name = basename(file);
  const folder = name === 'skill.json';
  const stem = folder ? 'index' : name.replace(/(?:\.skill)?\.json$/, '');
  const promptName = folder ? 'prompt.md' : `${stem}.prompt.md`;
  const codeNames = CODE_EXTENSIONS.map((ext) => `${stem}${ext}`);
  const prompt = join(dir, promptName);
  const code = codeNames.map((n) => join(dir, n)).find((p) => files.exists(p));
  return {
    source: folder ? dir : file,
    prompt: files.exists(prompt) ? prompt : undefined,
    code,
    codeNames,
    promptName,
    files,
  };
}
