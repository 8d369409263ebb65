/** A skill.json function in code mode, and its cases. */
export const SKILLJSON_FILES: Record<string, string> = {
  'skills/word_count/skill.json': `{
  "name": "word_count",
  "description": "Counts the words of a text and names the longest one.",
  "category": "text",
  "version": "1.0.0",
  "mode": "code",
  "calls": [],
  "input": {
    "type": "object",
    "properties": { "text": { "type": "string", "description": "the text to count" } },
    "required": ["text"]
  },
  "output": {
    "type": "object",
    "properties": {
      "words": { "type": "number", "description": "how many words" },
      "longest": { "type": "string", "description": "the longest word" }
    },
    "required": ["words", "longest"]
  }
}
`,
  'skills/word_count/index.ts': `// Runs as the skill: input is validated against skill.json's "input" before this is called.
export async function execute(input: { text: string }) {
  const words = input.text.split(/\\s+/).filter(Boolean);
  const longest = words.reduce((a, w) => (w.length > a.length ? w : a), '');
  return { words: words.length, longest };
}
`,
  'skills/word_count/cases.yaml': `cases:
  - name: counts words and finds the longest
    input: { text: the quick brown fox }
    expect:
      status: completed
      output: { words: 4, longest: quick }
`,
};
