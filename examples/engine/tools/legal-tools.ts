// Example tools for the engine skills in examples/engine/.skills: the materials a client uploaded
// (workspace/files/<file_id>.txt) and a small law index (data/laws.json).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineTool } from '../../../src/runtime/ports/tool.js';

interface Article {
  title: string;
  text: string;
}

const lawsFile = new URL('../data/laws.json', import.meta.url);

/** `file__parse`: the text of an uploaded file, by its id. */
export const fileParse = defineTool({
  name: 'file__parse',
  description: 'Reads an uploaded file (借条, 转账记录, 聊天记录 …) by its file_id and returns its text.',
  inputSchema: {
    type: 'object',
    properties: { file_id: { type: 'string', pattern: '^[A-Za-z0-9_-]+$', description: 'An id from state.attachment_file_ids' } },
    required: ['file_id'],
  },
  async execute(input, ctx) {
    const id = String(input.file_id);
    try {
      return { file_id: id, text: await readFile(join(ctx.workspace, 'files', `${id}.txt`), 'utf8') };
    } catch {
      return { file_id: id, error: `no uploaded file "${id}"` };
    }
  },
});

/** `knowledge__search`: the law articles that share the most two-character pieces with the query. */
export const knowledgeSearch = defineTool({
  name: 'knowledge__search',
  description: 'Searches a small index of Chinese civil-law provisions on loans; returns the best matches.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1 },
      top_k: { type: 'integer', minimum: 1, maximum: 5 },
    },
    required: ['query'],
  },
  async execute(input) {
    const articles = JSON.parse(await readFile(lawsFile, 'utf8')) as Article[];
    const wanted = pieces(String(input.query));
    const scored = articles
      .map((a) => ({ ...a, score: [...wanted].filter((p) => `${a.title}${a.text}`.includes(p)).length }))
      .filter((a) => a.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, Number(input.top_k ?? 3));
    return { hits: scored.map(({ title, text }) => ({ title, text })) };
  },
});

/** Two-character pieces of the query's words (Chinese has no spaces between words). */
function pieces(query: string): Set<string> {
  const out = new Set<string>();
  for (const word of query.split(/[\s，。、,.]+/).filter(Boolean))
    for (let i = 0; i < Math.max(1, word.length - 1); i++) out.add(word.slice(i, i + 2));
  return out;
}

export default [fileParse, knowledgeSearch];
