import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateSkillDoc, GenerateError, skillFacts } from '../../../src/documents/index.js';
import { skilldocFile } from '../../../src/dialects/skilldoc/index.js';
import { loadPaths } from '../../../src/skills/load-paths.js';
import { resolveModel } from '../../../src/models/index.js';
import { messageText, startFakeOpenAI } from '../../helpers/fake-openai.js';
import { greetDoc } from '../../helpers/greet-doc.js';
import { diskFiles } from '../../../src/ir/disk-files.js';

const { units } = await loadPaths(['test/fixtures/aegis/greet.md']);
const greet = units[0].skills[0];

test('the facts a model gets: interface from the schemas, steps from the graph', () => {
  assert.equal(
    skillFacts(greet),
    'Skill id: greet\nVersion: 2.0.0\nWritten in: aegis\nDescription: Greets a person.\n\n## Input fields\n- `name` (string, required)\n\n## Output fields\n- `greeting` (string, required): the greeting\n\n## Steps, in order\n1. compose: renders text: Hello, {{name}}!',
  );
});

test('an answer with a defect goes back with the diagnostics; the corrected one is taken', async () => {
  const fake = await startFakeOpenAI([
    { text: greetDoc('') },
    { text: '```markdown\n' + greetDoc() + '```' },
  ]);
  try {
    const seen: string[][] = [];
    const doc = await generateSkillDoc(greet, {
      model: resolveModel('compat:m', { baseUrl: fake.url }, {}),
      onAttempt: (_n, problems) => seen.push([...problems]),
    });
    assert.equal(doc.attempts, 2);
    assert.equal(doc.text, greetDoc());
    assert.deepEqual(seen, [['line 23: chunk "examples" is never closed; end it with a line </chunk>'], []]);
    assert.equal(fake.requests.length, 2);
    const [first, second] = fake.requests;
    assert.match(messageText(first.messages[0]), /Answer with the document only/);
    assert.match(messageText(first.messages[1]), /Skill id: greet\nVersion: 2\.0\.0/);
    assert.equal(messageText(second.messages[2]), greetDoc(''));
    assert.equal(
      messageText(second.messages[3]),
      'The document has these problems:\n- line 23: chunk "examples" is never closed; end it with a line </chunk>\n\nWrite the whole corrected document.',
    );
    const loaded = skilldocFile.loadFile('greet.SKILL.md', doc.text, diskFiles);
    assert.deepEqual(loaded.diagnostics, []);
    assert.deepEqual(
      loaded.skills[0].doc!.parts.map((p) => p.id),
      ['steps', 'examples'],
    );
  } finally {
    await fake.close();
  }
});

test('a document that does not match the skill is a problem too; the attempts are bounded', async () => {
  const wrong = greetDoc()
    .replace('version: 2.0.0', 'version: 1.0.0')
    .replace('  - `greeting` (string): the greeting.\n', '');
  const fake = await startFakeOpenAI([{ text: wrong }, { text: wrong }]);
  try {
    await assert.rejects(
      generateSkillDoc(greet, { model: resolveModel('compat:m', { baseUrl: fake.url }, {}), attempts: 2 }),
      (e: Error) =>
        e instanceof GenerateError &&
        e.message === "the model's SKILL.md still had 2 problems after 2 attempts" &&
        e.problems.join('|') ===
          'the frontmatter version is "1.0.0"; it must be exactly "2.0.0"|the Interface does not name the field `greeting` (write each field name in backticks)',
    );
    assert.equal(fake.requests.length, 2);
  } finally {
    await fake.close();
  }
});
