import type { FileSource } from '../../ir/file-source.js';
import type { DocPart } from '../../ir/skill.js';
import type { Chunk } from './chunks.js';
import { referenceTitle, type ResourceFile } from './resources.js';
import type { Section } from './sections.js';

/** A chunk as a part: its trimmed content. */
export function chunkPart(chunk: Chunk): DocPart {
  return { id: chunk.id, description: chunk.description, kind: 'chunk', load: async () => chunk.content };
}

/** A section of a chunkless document as a part: its heading and text. */
export function sectionPart(section: Section): DocPart {
  return { id: section.id, description: section.title, kind: 'section', load: async () => section.content };
}

/**
 * A file of a skill folder as a part, read when loaded. References are described by their first
 * heading, every file by its kind and size; a binary file loads as a note saying where it is.
 */
export function filePart(file: ResourceFile, source: FileSource): DocPart {
  const title = file.kind === 'reference' ? referenceTitle(file.abs, source) : undefined;
  const what = `${file.kind}, ${formatSize(file.size)}`;
  return {
    id: file.path,
    description: title ? `${title} (${what})` : what,
    kind: file.kind,
    load: () => loadFile(file, source),
  };
}

async function loadFile(file: ResourceFile, source: FileSource): Promise<string> {
  const bytes = Buffer.from(await source.readBytes(file.abs));
  if (bytes.subarray(0, 8000).includes(0))
    return `(${file.path} is a binary file of ${formatSize(file.size)}; it is not shown as text. Its path: ${file.abs})`;
  return bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n');
}

/** A byte count as people read it: 812 B, 3.4 KB, 1.2 MB. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1).replace(/\.0$/, '') : Math.round(kb)} KB`;
  return `${(kb / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}
