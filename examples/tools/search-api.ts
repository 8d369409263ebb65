// Example tool for examples/skills/simple_search.md: searches examples/data/search-index.json.
import { readFile } from 'node:fs/promises';
import { defineTool } from '../../src/runtime/ports/tool.js';

interface SearchEntry {
  title: string;
  text: string;
  url: string;
  date: string;
}

const indexFile = new URL('../data/search-index.json', import.meta.url);

/** `search_api`: entries whose title or text contains every word of `q` (case-insensitive); writes `result`, a numbered text listing. */
export default defineTool({
  name: 'search_api',
  description: 'Searches the sample index (titles and texts, case-insensitive); writes `result` as a text listing.',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string', minLength: 1, description: 'Search words, separated by spaces' } },
    required: ['q'],
  },
  outputSchema: { type: 'object', properties: { result: { type: 'string', description: 'Matching entries, one per paragraph' } } },
  async execute(input) {
    const q = String(input.q).trim();
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const { entries } = JSON.parse(await readFile(indexFile, 'utf8')) as { entries: SearchEntry[] };
    const hits = entries.filter((e) => {
      const haystack = `${e.title}\n${e.text}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    });
    if (!hits.length) return { result: `没有找到与“${q}”相关的结果。` };
    const listing = hits.map((e, i) => `${i + 1}. ${e.title}（${e.date}）\n   ${e.text}\n   ${e.url}`);
    return { result: `找到 ${hits.length} 条与“${q}”相关的结果：\n\n${listing.join('\n\n')}` };
  },
});
